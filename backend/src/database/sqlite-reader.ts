import { Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { Worker } from 'node:worker_threads';
import type { DataSource } from 'typeorm';

type Row = Record<string, unknown>;
interface Pending {
  resolve: (row: Row | undefined) => void;
  reject: (err: Error) => void;
}

/**
 * The worker: a read-only connection of its own to the app's file. In WAL mode it reads the last
 * committed state and never blocks the app's writer. Statements are prepared once per text (the callers
 * pass constant SQL). Kept as source text so that it runs the same from TypeScript (jest) and the build.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path, { readonly: true, timeout: workerData.timeoutMs });
const statements = new Map();
parentPort.on('message', (m) => {
  if (m === 'stop') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    let statement = statements.get(m.sql);
    if (!statement) statements.set(m.sql, (statement = db.prepare(m.sql)));
    parentPort.postMessage({ id: m.id, row: statement.get(...m.params) });
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
      workerData: { driver: require.resolve('better-sqlite3'), path: this.file, timeoutMs: this.busyTimeoutMs },
    });
    worker.unref();
    worker.on('message', (m: { id: number; row?: Row; error?: string }) => this.answered(m));
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
  get<T extends Row>(sql: string, params: readonly unknown[]): Promise<T | undefined> {
    const worker = this.worker;
    if (!worker) return this.onAppConnection<T>(sql, params);
    const id = this.nextId++;
    return new Promise<T | undefined>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as Pending['resolve'], reject });
      worker.ref(); // keeps the process up while a query is out, as the app's own connection would
      worker.postMessage({ id, sql, params });
    });
  }

  private async onAppConnection<T extends Row>(sql: string, params: readonly unknown[]): Promise<T | undefined> {
    const rows = (await this.ds.query(sql, [...params])) as T[];
    return rows[0];
  }

  private answered(m: { id: number; row?: Row; error?: string }): void {
    const p = this.pending.get(m.id);
    if (!p) return;
    this.pending.delete(m.id);
    if (this.pending.size === 0) this.worker?.unref();
    if (m.error !== undefined) p.reject(new Error(m.error));
    else p.resolve(m.row && withBuffers(m.row));
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
  for (const [k, v] of Object.entries(row)) {
    if (v instanceof Uint8Array && !Buffer.isBuffer(v)) row[k] = Buffer.from(v.buffer, v.byteOffset, v.byteLength);
  }
  return row;
}
