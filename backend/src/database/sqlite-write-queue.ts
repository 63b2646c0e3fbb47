import { setImmediate as nextTurn } from 'node:timers/promises';
import type { DataSource, QueryRunner } from 'typeorm';
import { BetterSqlite3QueryRunner } from 'typeorm/driver/better-sqlite3/BetterSqlite3QueryRunner';
import type { BetterSqlite3Driver } from 'typeorm/driver/better-sqlite3/BetterSqlite3Driver';

const QUEUES = new WeakMap<DataSource, SqliteWriteQueue>();

/** How long TypeORM's statements may run back to back before the event loop gets a turn. */
export const SQLITE_SLICE_MS = 1;

/**
 * One queue for every SQLite statement and transaction of the process (docs/ledger.md, "SQLite").
 *
 * TypeORM's better-sqlite3 driver hands every caller the same connection and the same query runner,
 * so a statement issued while another request's transaction is open would join that transaction,
 * and two concurrent transactions would nest as savepoints that can roll each other back. Here
 * every caller gets a query runner of its own on the shared connection; a runner that opens a
 * transaction holds the queue from BEGIN to COMMIT or ROLLBACK, its own statements pass, and every
 * other statement waits its turn. Synchronous work (the ledger's prepared-statement transactions)
 * runs at once when the queue is free: nothing can slip in while it runs.
 *
 * Code inside a transaction must use that transaction's manager: a statement sent through another
 * one waits for the transaction to end, and fails after SQLITE_BUSY_TIMEOUT instead of hanging.
 *
 * better-sqlite3 answers on the event loop, so statements chained by awaits (a batch of inserts, a
 * loop over channels) never let it turn: every request in flight would wait for the whole chain.
 * Once TypeORM's statements have run for SQLITE_SLICE_MS without a turn, the next one waits for a
 * turn first (inside a transaction too: the queue stays held, so nothing slips in). The ledger's
 * synchronous work is not paced: it is one short transaction (docs/ledger.md, "SQLite").
 */
export class SqliteWriteQueue {
  /** Who holds the queue: a runner in a transaction, or a token for one statement or sync work. */
  private holder: object | null = null;
  private readonly waiting: { owner: object; grant: () => void }[] = [];
  /** When the current run of statements without a turn of the event loop began; null: a turn came since. */
  private sliceStart: number | null = null;
  private readonly endSlice = () => (this.sliceStart = null);

  private constructor(private readonly waitMs: number) {}

  /** The queue of a SQLite DataSource (installed by openDatabase); undefined on MySQL. */
  static of(ds: DataSource): SqliteWriteQueue | undefined {
    return QUEUES.get(ds);
  }

  /** Gives every caller of `ds` its own queued runner; call after migrations. */
  static installOn(ds: DataSource, waitMs = 5000): SqliteWriteQueue {
    const queue = new SqliteWriteQueue(waitMs);
    const driver = ds.driver as BetterSqlite3Driver;
    // One statement cache for all runners (each would otherwise prepare its statements again).
    const statements = (driver.createQueryRunner('master') as unknown as { stmtCache: unknown }).stmtCache;
    driver.createQueryRunner = () => {
      const runner = new BetterSqlite3QueryRunner(driver);
      (runner as unknown as { stmtCache: unknown }).stmtCache = statements;
      return queue.guard(runner);
    };
    QUEUES.set(ds, queue);
    return queue;
  }

  /** Runs synchronous `fn` now if the queue is free, else as soon as it is (never inside a transaction). */
  runSync<T>(fn: () => T): Promise<T> {
    if (this.holder === null) {
      try {
        return Promise.resolve(fn());
      } catch (err) {
        return Promise.reject(err);
      }
    }
    return this.hold(fn);
  }

  /**
   * Holds the queue while `fn` runs: no statement of the process runs meanwhile, and the event loop stays
   * free (the WAL checkpointer's drain, database/wal-checkpointer.ts).
   */
  async hold<T>(fn: () => Promise<T> | T): Promise<T> {
    const token = {};
    await this.acquire(token);
    try {
      return await fn();
    } finally {
      this.release(token);
    }
  }

  /** A turn of the event loop when statements have held it for SQLITE_SLICE_MS; null: go on now. */
  private pace(): Promise<void> | null {
    const now = performance.now();
    if (this.sliceStart === null) {
      this.sliceStart = now;
      setImmediate(this.endSlice); // runs at the next turn, before any turn awaited below
      return null;
    }
    return now - this.sliceStart < SQLITE_SLICE_MS ? null : nextTurn();
  }

  private guard<R extends QueryRunner>(runner: R): R {
    const query = runner.query.bind(runner) as QueryRunner['query'];
    const run = (args: Parameters<QueryRunner['query']>) =>
      this.holder === runner ? query(...args) : this.hold(() => query(...args));
    runner.query = ((...args: Parameters<QueryRunner['query']>) => {
      const turn = this.pace();
      return turn ? turn.then(() => run(args)) : run(args);
    }) as QueryRunner['query'];

    const start = runner.startTransaction.bind(runner);
    runner.startTransaction = async (isolation) => {
      if (this.holder !== runner) await this.acquire(runner);
      try {
        await start(isolation);
      } catch (err) {
        if (!runner.isTransactionActive) this.release(runner);
        throw err;
      }
    };
    for (const end of ['commitTransaction', 'rollbackTransaction'] as const) {
      const original = runner[end].bind(runner);
      runner[end] = async () => {
        try {
          await original();
        } finally {
          if (!runner.isTransactionActive) this.release(runner);
        }
      };
    }
    return runner;
  }

  private acquire(owner: object): Promise<void> {
    if (this.holder === null) {
      this.holder = owner;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const entry = {
        owner,
        grant: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(entry), 1);
        reject(Object.assign(new Error('SQLite write queue: waited too long'), { code: 'SQLITE_BUSY' }));
      }, this.waitMs);
      this.waiting.push(entry);
    });
  }

  /** Hands the queue to the next waiter, or frees it. */
  private release(owner: object): void {
    if (this.holder !== owner) return;
    const next = this.waiting.shift();
    this.holder = next?.owner ?? null;
    next?.grant();
  }
}
