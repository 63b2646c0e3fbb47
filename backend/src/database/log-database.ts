import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { LogEntity } from './entities/log.entity';
import { LOG_MIGRATIONS } from './log-migrations';

/** A check slower than this counts as down (probes). */
const CHECK_MS = 1000;

/**
 * The log database (LOG_SQL_DSN; docs/logs.md, "A separate log database"): a second MySQL/MariaDB
 * DataSource holding only `logs`. It is opened lazily and reopened after any failure, so a log
 * database that is down at boot, or goes away and comes back (even empty), never stops the gateway:
 * rows wait in the main database meanwhile. Opening brings its schema up to date and refuses a
 * database whose `logs` allocates ids itself (the main database given twice): shipping into it would
 * delete the only copy of each row.
 */
export class LogDatabase {
  private readonly logger = new Logger(LogDatabase.name);
  private ds?: DataSource;
  private opening?: Promise<DataSource>;
  private lastError = '';

  constructor(
    private readonly url: string,
    private readonly dbLogging = false,
  ) {}

  /** The open DataSource; opens (and migrates) it first. Throws while the database cannot be reached. */
  get(): Promise<DataSource> {
    if (this.ds?.isInitialized) return Promise.resolve(this.ds);
    this.opening ??= this.open().finally(() => (this.opening = undefined));
    return this.opening;
  }

  /** Runs `fn` on the open DataSource; a failure closes it, so the next call opens afresh. */
  async use<T>(fn: (ds: DataSource) => Promise<T>): Promise<T> {
    const ds = await this.get();
    try {
      return await fn(ds);
    } catch (err) {
      if (this.ds === ds) {
        this.ds = undefined;
        void ds.destroy().catch(() => undefined);
      }
      throw err;
    }
  }

  /** Whether the log database answers SELECT 1 now (within a second). */
  async up(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), CHECK_MS)));
    const check = this.use((ds) => ds.query('SELECT 1')).then(
      () => true,
      () => false,
    );
    try {
      return await Promise.race([check, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    const ds = this.ds;
    this.ds = undefined;
    if (ds?.isInitialized) await ds.destroy();
  }

  private async open(): Promise<DataSource> {
    const ds = new DataSource({
      type: 'mysql',
      url: this.url,
      charset: 'utf8mb4_unicode_ci',
      timezone: 'Z',
      supportBigNumbers: true,
      bigNumberStrings: false,
      connectTimeout: 5000,
      entities: [LogEntity],
      migrations: LOG_MIGRATIONS,
      migrationsTableName: 'log_migrations',
      migrationsRun: false,
      synchronize: false,
      logging: this.dbLogging,
      extra: { connectionLimit: 5 },
    });
    try {
      await ds.initialize();
      await ds.runMigrations({ transaction: 'each' });
      await refuseAllocatingIds(ds);
    } catch (err) {
      if (ds.isInitialized) await ds.destroy().catch(() => undefined);
      const message = String(err);
      if (message !== this.lastError)
        this.logger.warn(`log database unavailable, rows wait in the main database: ${message}`);
      this.lastError = message;
      throw err;
    }
    if (this.lastError) this.logger.log('log database available again');
    this.lastError = '';
    this.ds = ds;
    return ds;
  }
}

/** The log database must never hand out ids: they come from the main database (see LogDatabase). */
async function refuseAllocatingIds(ds: DataSource): Promise<void> {
  const rows = (await ds.query(
    "SELECT EXTRA AS extra FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'logs' AND COLUMN_NAME = 'id'",
  )) as { extra: string }[];
  if (rows.some((r) => /auto_increment/i.test(r.extra ?? ''))) {
    throw new Error(
      'LOG_SQL_DSN names a database whose logs.id is AUTO_INCREMENT (the main database?); not shipping into it',
    );
  }
}
