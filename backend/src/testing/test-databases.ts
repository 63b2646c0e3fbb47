import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { openDatabase } from '../database/data-source';

/** A migrated database of its own for one spec, on the real server; `close` destroys it. */
export interface TestDatabase {
  ds: DataSource;
  /** The SQLite file (null on MariaDB). */
  file: string | null;
  close(): Promise<void>;
}

const MYSQL = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';

/** A SQLite file in a fresh directory, with the app's pragmas. */
export async function sqliteTestDatabase(prefix: string): Promise<TestDatabase> {
  const dir = mkdtempSync(join(tmpdir(), `gw-${prefix}-`));
  const file = join(dir, `${prefix}.db`);
  const ds = await openDatabase({ database: { type: 'sqlite', path: file, busyTimeoutMs: 1000 }, dbLogging: false });
  return {
    ds,
    file,
    close: async () => {
      await ds.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A fresh schema on the MariaDB at 127.0.0.1:3306 (TEST_MYSQL_URL), dropped on close. */
export async function mariadbTestDatabase(prefix: string): Promise<TestDatabase> {
  const name = `gw_${prefix}_${process.pid}_${Date.now() % 100000}`;
  const mysql = await import('mysql2/promise');
  const c = await mysql.createConnection(MYSQL);
  await c.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await c.end();
  const ds = await openDatabase({ database: { type: 'mysql', url: `${MYSQL}/${name}` }, dbLogging: false });
  return {
    ds,
    file: null,
    close: async () => {
      await ds.destroy();
      const d = await mysql.createConnection(MYSQL);
      await d.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await d.end();
    },
  };
}

/**
 * Whether MariaDB specs run: CI always has MariaDB, so there an unreachable server fails the suite
 * instead of skipping it; elsewhere they run when 127.0.0.1:3306 answers.
 */
export async function mariadbAvailable(): Promise<boolean> {
  if (process.env.CI === 'true') return true;
  return new Promise<boolean>((resolve) => {
    const s = createConnection({ host: '127.0.0.1', port: 3306 }, () => (s.end(), resolve(true)));
    s.on('error', () => resolve(false));
  });
}
