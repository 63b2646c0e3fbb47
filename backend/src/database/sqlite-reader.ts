import { Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { Worker } from 'node:worker_threads';
import type { DataSource, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { SQLITE_CACHE_KIB } from './data-source';

type Row = Record<string, unknown>;
/** How many statements the worker keeps prepared. */
const PREPARED_STATEMENTS = 64;
/** A statement's answer: its first row (or undefined) for `get`, every row for `all`. */
type Answer = Row | Row[] | undefined;
interface Pending {
  resolve: (answer: Answer) => void;
  reject: (err: Error) => void;
}

/**
 * The worker: a read-only connection of its own to the app's file. In WAL mode it reads the last
 * committed state and never blocks the app's writer. The most recently used statements stay prepared
 * (TypeORM writes numbers into the text, so some texts are new each time). Kept as source text so that it
 * runs the same from TypeScript (jest) and the build.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path, { readonly: true, timeout: workerData.timeoutMs });
db.pragma('cache_size = -' + workerData.cacheKib);
const statements = new Map();
parentPort.on('message', (m) => {
  if (m === 'stop') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    let statement = statements.get(m.sql);
    if (statement) statements.delete(m.sql);
    else statement = db.prepare(m.sql);
    statements.set(m.sql, statement); // most recently used last
    if (statements.size > workerData.statements) statements.delete(statements.keys().next().value);
    const answer = m.all ? statement.all(...m.params) : statement.get(...m.params);
    parentPort.postMessage({ id: m.id, answer });
  } catch (err) {
    parentPort.postMessage({ id: m.id, error: String((err && err.message) || err) });
  }
});
`;

/**
 * Runs the console's long read queries on SQLite off the event loop: better-sqlite3 is synchronous, and a
 * query that reads tens of thousands of rows held the relay's requests for tens of milliseconds
 * (docs/dashboard.md). One worker thread with its own read-only connection answers them one at a time.
 * On MySQL (asynchronous already), for an in-memory database, and if the worker fails, the query runs on
 * the app's connection instead, with the same result.
 */
export class SqliteReader implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(SqliteReader.name);
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  /** `file`: the app's SQLite file (`sqliteFile()`), null when there is none to share. */
  constructor(
    private readonly ds: DataSource,
    private readonly file: string | null,
    private readonly busyTimeoutMs = 1000,
  ) {}

  onModuleInit(): void {
    if (!this.file) return;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        driver: require.resolve('better-sqlite3'),
        path: this.file,
        timeoutMs: this.busyTimeoutMs,
        statements: PREPARED_STATEMENTS,
        cacheKib: SQLITE_CACHE_KIB,
      },
    });
    worker.unref();
    worker.on('message', (m: { id: number; answer?: Answer; error?: string }) => this.answered(m));
    worker.on('error', (err) => this.failed(`SQLite reader failed: ${err.message}`));
    worker.on('exit', (code) => this.failed(`SQLite reader exited with ${code}`));
    this.worker = worker;
  }

  async onApplicationShutdown(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.worker = null;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage('stop');
    await exited;
  }

  /** The first row of a read-only `sql` (BLOB columns as Buffers), or undefined when there is none. */
  async get<T extends Row>(sql: string, params: readonly unknown[]): Promise<T | undefined> {
    if (!this.worker) return ((await this.ds.query(sql, [...params])) as T[])[0];
    return (await this.ask(sql, params, false)) as T | undefined;
  }

  /**
   * Every row of a read-only `sql`, as the driver answers them: on MySQL (the app's connection) mysql2's
   * values (entities() makes them into entities either way).
   */
  async all<T extends Row>(sql: string, params: readonly unknown[]): Promise<T[]> {
    if (!this.worker) return (await this.ds.query(sql, [...params])) as T[];
    return (await this.ask(sql, params, true)) as T[];
  }

  /** The rows `qb` selects as the driver answers them (getRawMany()'s rows), read as all() reads. */
  rawRows<T extends Row>(qb: SelectQueryBuilder<ObjectLiteral>): Promise<T[]> {
    return this.all<T>(...qb.getQueryAndParameters());
  }

  /** How many rows `qb` matches (COUNT(*); TypeORM's getCount() counts DISTINCT ids, much slower). */
  async count(qb: SelectQueryBuilder<ObjectLiteral>): Promise<number> {
    const row = await this.get<{ n: number | string }>(...qb.clone().select('COUNT(*)', 'n').getQueryAndParameters());
    return Number(row?.n ?? 0);
  }

  /**
   * The entities `qb` selects (its conditions, order, offset and limit; not its joins), made from raw rows
   * with the driver's own conversions (booleans, column transformers): the objects getMany() makes. With
   * `properties`, only those columns are read and set, as TypeORM's `select` option does.
   */
  async entities<T extends ObjectLiteral>(
    qb: SelectQueryBuilder<T>,
    properties?: readonly (keyof T & string)[],
  ): Promise<T[]> {
    const metadata = qb.expressionMap.mainAlias!.metadata;
    const columns = properties ? metadata.columns.filter((c) => properties.includes(c.propertyName)) : metadata.columns;
    const alias = qb.alias;
    const q = qb.clone().select([]);
    for (const c of columns) q.addSelect(`${alias}.${c.databaseName}`, c.databaseName);
    const rows = await this.all(...q.getQueryAndParameters());
    const driver = this.ds.driver;
    return rows.map((raw) => {
      const entity = metadata.create() as T;
      for (const c of columns) c.setEntityValue(entity, driver.prepareHydratedValue(raw[c.databaseName], c));
      return entity;
    });
  }

  private ask(sql: string, params: readonly unknown[], all: boolean): Promise<Answer> {
    const worker = this.worker!;
    const id = this.nextId++;
    return new Promise<Answer>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.ref(); // keeps the process up while a query is out, as the app's own connection would
      worker.postMessage({ id, sql, params, all });
    });
  }

  private answered(m: { id: number; answer?: Answer; error?: string }): void {
    const p = this.pending.get(m.id);
    if (!p) return;
    this.pending.delete(m.id);
    if (this.pending.size === 0) this.worker?.unref();
    if (m.error !== undefined) p.reject(new Error(m.error));
    else if (Array.isArray(m.answer)) p.resolve(m.answer.map(withBuffers));
    else p.resolve(m.answer && withBuffers(m.answer));
  }

  /** From now on every query runs on the app's connection; those in flight fail. */
  private failed(message: string): void {
    if (!this.worker) return;
    this.worker = null;
    this.logger.warn(`${message}; console queries run on the app's connection from now on`);
    for (const p of this.pending.values()) p.reject(new Error(message));
    this.pending.clear();
  }
}

/** A Buffer crosses threads as a plain Uint8Array: made a Buffer again, without a copy. */
function withBuffers(row: Row): Row {
  for (const k in row) {
    const v = row[k];
    if (v instanceof Uint8Array && !Buffer.isBuffer(v)) row[k] = Buffer.from(v.buffer, v.byteOffset, v.byteLength);
  }
  return row;
}
