import { AsyncLocalStorage } from 'node:async_hooks';
import type { DataSource, EntityManager, QueryRunner } from 'typeorm';

/**
 * One queue for every SQLite statement and transaction of the process (docs/ledger.md, "SQLite").
 *
 * TypeORM's better-sqlite3 driver hands every caller the same connection and query runner, so a
 * statement issued while another request's transaction is open joins that transaction, and two
 * concurrent `transaction()` calls nest as savepoints that can roll each other back. Here a
 * transaction holds the queue from BEGIN to COMMIT; the code running inside it (an async context,
 * tracked with AsyncLocalStorage) passes straight through, and every other statement waits its turn.
 * Synchronous work (the ledger's prepared-statement transactions) runs at once when the queue is
 * free, and nothing can slip in while it runs.
 */
const QUEUES = new WeakMap<DataSource, SqliteWriteQueue>();

export class SqliteWriteQueue {
  private readonly owner = new AsyncLocalStorage<symbol>();
  /** The context holding the queue (null: held by nobody, or by synchronous work). */
  private holder: symbol | null = null;
  private locked = false;
  private readonly waiting: (() => void)[] = [];

  /** Runs `fn` holding the queue; code already holding it (nested calls) runs at once. */
  async run<T>(fn: () => Promise<T> | T): Promise<T> {
    if (this.holder !== null && this.owner.getStore() === this.holder) return fn();
    await this.acquire();
    const me = Symbol('sqlite-writer');
    this.holder = me;
    try {
      return await this.owner.run(me, fn);
    } finally {
      this.holder = null;
      this.release();
    }
  }

  /**
   * Runs synchronous `fn` (better-sqlite3 work) now if the queue is free, else as soon as it is:
   * it never runs inside someone else's transaction.
   */
  runSync<T>(fn: () => T): Promise<T> {
    if (!this.locked) {
      try {
        return Promise.resolve(fn());
      } catch (err) {
        return Promise.reject(err);
      }
    }
    return this.run(fn);
  }

  private acquire(): Promise<void> {
    if (!this.locked) {
      this.locked = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Hands the queue to the next waiter (it stays locked), or frees it. */
  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.locked = false;
  }

  /**
   * Routes a SQLite DataSource through this queue: its managers' `transaction`, `save` and
   * `remove` (which open transactions of their own) hold it for their whole run, and every other
   * statement on the shared query runner waits for it.
   */
  private install(ds: DataSource): void {
    // Managers made for the shared runner (inside transaction callbacks) run in the holder's context.
    const runner = ds.createQueryRunner();
    this.wrapManager(ds.manager);
    const query = runner.query.bind(runner) as QueryRunner['query'];
    runner.query = ((...args: Parameters<QueryRunner['query']>) =>
      this.run(() => query(...args))) as QueryRunner['query'];
    const start = runner.startTransaction.bind(runner);
    runner.startTransaction = (isolation) => {
      if (this.holder === null || this.owner.getStore() !== this.holder)
        return Promise.reject(new Error('SQLite transaction opened outside the write queue'));
      return start(isolation);
    };
  }

  /** The queue of a SQLite DataSource (installed by openDatabase); undefined on MySQL. */
  static of(ds: DataSource): SqliteWriteQueue | undefined {
    return QUEUES.get(ds);
  }

  static installOn(ds: DataSource): SqliteWriteQueue {
    const queue = new SqliteWriteQueue();
    queue.install(ds);
    QUEUES.set(ds, queue);
    return queue;
  }

  private wrapManager(m: EntityManager): void {
    for (const name of ['transaction', 'save', 'remove', 'softRemove', 'recover'] as const) {
      const original = (m[name] as (...a: unknown[]) => Promise<unknown>).bind(m);
      (m as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => this.run(() => original(...args));
    }
  }
}
