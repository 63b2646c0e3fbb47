/** Helpers for relay tests: channels, tokens, funded users, and direct database reads for ledger checks. */
import Database from 'better-sqlite3';
import { createConnection } from 'mysql2/promise';
import { ApiClient } from './api-client';
import { createUser } from './fixtures';
import type { TestApp } from './test-app';

export interface ChannelInput {
  name?: string;
  type?: number;
  key: string;
  base_url: string;
  models: string;
  group?: string;
  priority?: number;
  weight?: number;
  model_mapping?: string;
  status_code_mapping?: string;
  param_override?: string;
  auto_ban?: 0 | 1;
  openai_organization?: string;
  other?: string;
}

export async function createChannel(root: ApiClient, input: ChannelInput): Promise<number> {
  const res = await root.post('/api/channel/', { name: input.name ?? `ch-${input.key}`, type: 1, ...input });
  if (res.status !== 200 || !res.body.success) throw new Error(`channel: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

export interface TokenInput {
  name?: string;
  remain_quota?: number;
  unlimited_quota?: boolean;
  expired_time?: number;
  model_limits_enabled?: boolean;
  model_limits?: string;
  allow_ips?: string;
  group?: string;
  rate_limit_enabled?: boolean;
  rate_limit_period?: number;
  rate_limit_count?: number;
  rate_limit_success?: number;
}

/** Creates a token for the signed-in client; returns its id and key (as the API answers it: without `sk-`). */
export async function createToken(client: ApiClient, input: TokenInput = {}): Promise<{ id: number; key: string }> {
  const res = await client.post('/api/token/', { name: 'test', remain_quota: 1_000_000, ...input });
  if (res.status !== 200 || !res.body.success) throw new Error(`token: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.data.id, key: res.body.data.key };
}

/** A user with `quota`, signed in. */
export async function fundedUser(root: ApiClient, username: string, quota: number) {
  const u = await createUser(root, username);
  const res = await root.put('/api/user/', { id: u.id, quota });
  if (res.status !== 200) throw new Error(`quota: ${JSON.stringify(res.body)}`);
  return u;
}

/** Direct access to the app's database (SQLite file or MariaDB schema) for ledger checks and fixtures. */
export class Db {
  private sqlite?: Database.Database;
  private constructor(private readonly t: TestApp) {}

  static open(t: TestApp): Db {
    return new Db(t);
  }

  /** Rows of a query; placeholders are `?`, identifiers may be "double-quoted" on both databases. */
  async all<T = any>(sql: string, params: unknown[] = []): Promise<T[]> {
    return (await this.execute(sql, params)) as T[];
  }

  async one<T = any>(sql: string, params: unknown[] = []): Promise<T> {
    return (await this.all<T>(sql, params))[0];
  }

  /** A statement that returns no rows (fixtures: INSERT, UPDATE). */
  async exec(sql: string, params: unknown[] = []): Promise<void> {
    await this.execute(sql, params);
  }

  /**
   * `SELECT … FROM logs …` as one table: with a log database (LOG_SQL_DSN) the query runs on both and the
   * rows are merged by id (a row caught in both during its move counts once); the query must select
   * `id` and should not aggregate. Rows come sorted by id.
   */
  async logRows<T extends { id: number } = any>(sql: string, params: unknown[] = []): Promise<T[]> {
    const main = await this.all<T>(sql, params);
    if (!this.t.logDb) return main;
    const byId = new Map(main.map((r) => [Number(r.id), r]));
    for (const r of (await this.query(this.t.logDb.url, sql, params)) as T[])
      if (!byId.has(Number(r.id))) byId.set(Number(r.id), r);
    return [...byId.entries()].sort((a, b) => a[0] - b[0]).map(([, r]) => r);
  }

  close(): void {
    this.sqlite?.close();
  }

  private async query(url: string, sql: string, params: unknown[]): Promise<unknown[]> {
    const conn = await createConnection({ uri: url, supportBigNumbers: true, bigNumberStrings: false });
    try {
      const [rows] = await conn.query(sql.replace(/"/g, '`'), params);
      return Array.isArray(rows) ? rows : [];
    } finally {
      await conn.end();
    }
  }

  private async execute(sql: string, params: unknown[]): Promise<unknown[]> {
    if (this.t.db.type === 'sqlite') {
      if (!this.sqlite) {
        this.sqlite = new Database(this.t.db.path, { fileMustExist: true });
        this.sqlite.pragma('busy_timeout = 5000');
      }
      const stmt = this.sqlite.prepare(sql);
      if (!stmt.reader) {
        stmt.run(...params);
        return [];
      }
      return stmt.all(...params);
    }
    return this.query(this.t.db.url, sql, params);
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `fn` returns a truthy value (settlements are flushed in batches). */
export async function eventually<T>(fn: () => Promise<T>, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v || Date.now() > until) return v;
    await sleep(25);
  }
}
