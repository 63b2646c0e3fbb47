import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DataSource, type DataSourceOptions } from 'typeorm';
import type { AppConfig } from '../config/env';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';
import { SqliteWriteQueue } from './sqlite-write-queue';

export type DatabaseType = 'sqlite' | 'mysql';

/** SQLite: WAL pages after which a connection that checkpoints itself does so (~16 MB). */
export const WAL_AUTOCHECKPOINT_PAGES = 4000;
const WAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;
/** SQLite page cache per connection, in KiB (the app's and SqliteReader's): the default 2 MB rereads pages. */
export const SQLITE_CACHE_KIB = 64 * 1024;

/** The SQLite file the app works on, which other connections (worker threads) may open too: none on MySQL or in memory. */
export function sqliteFile(db: AppConfig['database']): string | null {
  return db.type === 'sqlite' && db.path !== ':memory:' ? db.path : null;
}

/** DataSource options for the configured database. Schema changes only through MIGRATIONS. */
export function dataSourceOptions(config: Pick<AppConfig, 'database' | 'dbLogging'>): DataSourceOptions {
  const common = {
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsRun: false,
    synchronize: false,
    logging: config.dbLogging,
  };
  const db = config.database;
  if (db.type === 'mysql') {
    return {
      ...common,
      type: 'mysql',
      url: db.url,
      charset: 'utf8mb4_unicode_ci',
      timezone: 'Z',
      supportBigNumbers: true,
      bigNumberStrings: false,
      extra: { connectionLimit: 20 },
    };
  }
  if (db.path !== ':memory:') mkdirSync(dirname(db.path), { recursive: true });
  return {
    ...common,
    type: 'better-sqlite3',
    database: db.path,
    prepareDatabase: (sqlite: { pragma(s: string): unknown }) => {
      sqlite.pragma('journal_mode = WAL');
      sqlite.pragma(`busy_timeout = ${db.busyTimeoutMs}`);
      sqlite.pragma('synchronous = NORMAL');
      // Every response commits its settlement (docs/ledger.md): checkpoint the WAL every ~16 MB rather
      // than every 4 MB, so pages written many times are copied back once (fewer fsyncs). The app
      // hands checkpoints to a worker thread (SqliteCheckpoints); this threshold is the fallback.
      sqlite.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
      // A WAL that grew under load is cut back to this size when it restarts.
      sqlite.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
      sqlite.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
      sqlite.pragma('foreign_keys = ON');
    },
  };
}

/** Opens the database and applies pending migrations. */
export async function openDatabase(config: Pick<AppConfig, 'database' | 'dbLogging'>): Promise<DataSource> {
  const ds = new DataSource(dataSourceOptions(config));
  await ds.initialize();
  await ds.runMigrations({ transaction: 'each' });
  if (config.database.type === 'sqlite') SqliteWriteQueue.installOn(ds, config.database.busyTimeoutMs);
  return ds;
}

export function databaseType(ds: DataSource): DatabaseType {
  return ds.options.type === 'mysql' ? 'mysql' : 'sqlite';
}
