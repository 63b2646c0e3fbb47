import Database from 'better-sqlite3';
import { createConnection } from 'mysql2/promise';
import type { TestApp } from './test-app';

/** Direct access to the app's database, for ledger checks and bulk fixtures. Placeholders are `?`. */
export interface TestDb {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export async function openDb(app: Pick<TestApp, 'db'>): Promise<TestDb> {
  if (app.db.type === 'sqlite') {
    const db = new Database(app.db.path);
    db.pragma('busy_timeout = 5000');
    return {
      async query<T>(sql: string, params: unknown[] = []) {
        const stmt = db.prepare(sql);
        return (stmt.reader ? stmt.all(...params) : (stmt.run(...params), [])) as T[];
      },
      async close() {
        db.close();
      },
    };
  }
  const conn = await createConnection({ uri: app.db.url, supportBigNumbers: true, bigNumberStrings: false });
  return {
    async query<T>(sql: string, params: unknown[] = []) {
      const [rows] = await conn.query(sql.replace(/"/g, '`'), params);
      return (Array.isArray(rows) ? rows : []) as T[];
    },
    async close() {
      await conn.end();
    },
  };
}
