import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createConnection } from 'mysql2/promise';

/** Which database the API suite runs on: TEST_DB=sqlite (default) or TEST_DB=mysql (MariaDB). */
export const TEST_DB = process.env.TEST_DB === 'mysql' ? 'mysql' : 'sqlite';
const MYSQL_ROOT = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
export const REPO_ROOT = resolve(__dirname, '../..');
const MAIN = join(REPO_ROOT, 'backend/dist/main.js');

export interface TestApp {
  url: string;
  /** SQLITE_PATH or SQL_DSN the app runs on, for direct ledger checks. */
  db: { type: 'sqlite'; path: string } | { type: 'mysql'; url: string };
  /** The log database (LOG_SQL_DSN) when the app runs with one: `logs` rows are read from both. */
  logDb?: { url: string };
  process: ChildProcess;
  /** Everything the process printed (for leak checks). */
  output(): string;
  close(signal?: NodeJS.Signals): Promise<void>;
  /**
   * Stops the process with `signal` (kill -9 by default) and starts a new one on the same database
   * with the same environment (plus `env`), keeping the data: a crash and restart. The old handle
   * is spent; close the returned one (it drops the database as the first would have).
   */
  restart(signal?: NodeJS.Signals, env?: Record<string, string>): Promise<TestApp>;
}

let counter = 0;

/**
 * Starts the built gateway (backend/dist) as its own process on a fresh database (a temp SQLite
 * file, or a new MariaDB schema) on a random loopback port. `env` overrides its environment.
 */
export async function startApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'gw-test-'));
  let dropDb: (() => Promise<void>) | undefined;
  let db: TestApp['db'] = { type: 'sqlite', path: join(dir, 'gateway.db') };
  const dbEnv: Record<string, string> = { SQLITE_PATH: db.path };
  if (TEST_DB === 'mysql') {
    const name = `gw_test_${process.pid}_${++counter}_${Date.now() % 100000}`;
    const conn = await createConnection(MYSQL_ROOT);
    await conn.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await conn.end();
    db = { type: 'mysql', url: `${MYSQL_ROOT}/${name}` };
    dbEnv.SQL_DSN = db.url;
    dropDb = async () => {
      const c = await createConnection(MYSQL_ROOT);
      await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await c.end();
    };
  }
  return launch(dir, db, dropDb, {
    ...BASE_ENV,
    WEB_DIST_DIR: join(dir, 'no-web'),
    ...dbEnv,
    ...env,
    PORT: '0',
  });
}

/** A second gateway process on the same database as `first` (multi-node tests). */
export async function startNode(first: TestApp, env: Record<string, string> = {}): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'gw-node-'));
  const dbEnv = first.db.type === 'mysql' ? { SQL_DSN: first.db.url } : { SQLITE_PATH: first.db.path };
  return launch(dir, first.db, undefined, {
    ...BASE_ENV,
    WEB_DIST_DIR: join(dir, 'no-web'),
    ...dbEnv,
    ...env,
    PORT: '0',
  });
}

const BASE_ENV = {
  NODE_ENV: 'test',
  SESSION_SECRET: 'test-session-secret',
  // Budgets no suite trips; test/security/5-throttling.test.ts sets low ones explicitly.
  CRITICAL_RATE_LIMIT: '10000',
  CRITICAL_ACCOUNT_RATE_LIMIT: '10000',
  GLOBAL_API_RATE_LIMIT: '1000000',
  GLOBAL_WEB_RATE_LIMIT: '100000',
  BATCH_UPDATE_INTERVAL_MS: '50',
  LOG_LEVEL: 'silent',
};

async function launch(
  dir: string,
  db: TestApp['db'],
  dropDb: (() => Promise<void>) | undefined,
  env: Record<string, string | undefined>,
): Promise<TestApp> {
  const { SQL_DSN: _dsn, SQLITE_PATH: _path, ...parentEnv } = process.env;
  const child = spawn(process.execPath, [MAIN], { env: { ...parentEnv, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const stop = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill(signal);
      await exited;
    }
  };
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`gateway did not start:\n${out}`)), 45_000);
    const onData = () => {
      const m = /listening on (http:\/\/[^\s]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolveUrl(m[1].replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`gateway exited with ${code}:\n${out}`));
    });
  });
  return {
    url,
    db,
    logDb: env.LOG_SQL_DSN ? { url: env.LOG_SQL_DSN } : undefined,
    process: child,
    output: () => out,
    async close(signal: NodeJS.Signals = 'SIGTERM') {
      await stop(signal);
      await dropDb?.();
      rmSync(dir, { recursive: true, force: true });
    },
    async restart(signal: NodeJS.Signals = 'SIGKILL', more: Record<string, string> = {}) {
      await stop(signal);
      return launch(dir, db, dropDb, { ...env, ...more });
    },
  };
}

/** Whether the MariaDB server the suites use answers (tests that need one skip cleanly otherwise). */
export async function mariadbReachable(): Promise<boolean> {
  try {
    const c = await createConnection({ uri: MYSQL_ROOT, connectTimeout: 2000 });
    await c.end();
    return true;
  } catch {
    return false;
  }
}

/**
 * A fresh MariaDB schema for a log database (LOG_SQL_DSN), whatever TEST_DB is. `url` is a mysql:// URL;
 * `drop()` removes it (also to take the log database away mid-test), `create()` makes it again, empty.
 */
export async function logSchema(): Promise<{ url: string; create(): Promise<void>; drop(): Promise<void> }> {
  const name = `gw_logs_${process.pid}_${++counter}_${Date.now() % 100000}`;
  const run = async (sql: string) => {
    const c = await createConnection(MYSQL_ROOT);
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  const create = () =>
    run(`CREATE DATABASE IF NOT EXISTS \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await create();
  return { url: `${MYSQL_ROOT}/${name}`, create, drop: () => run(`DROP DATABASE IF EXISTS \`${name}\``) };
}

/** Waits until GET /readyz answers 200 (the database answers; boot recovery is done), or throws. */
export async function waitReady(app: TestApp, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < until) {
    try {
      const res = await fetch(`${app.url}/readyz`);
      if (res.status === 200) return;
      last = `${res.status} ${await res.text()}`;
    } catch (err) {
      last = String(err);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`gateway not ready after ${timeoutMs} ms: ${last}\n${app.output()}`);
}
