import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { turnsDuring } from '../testing/event-loop-turns';
import { SQLITE_SLICE_MS, SqliteWriteQueue } from './sqlite-write-queue';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('SqliteWriteQueue (a real SQLite file)', () => {
  let dir: string;
  let ds: DataSource;
  let queue: SqliteWriteQueue;
  const count = async () => Number((await ds.query('SELECT COUNT(*) AS n FROM t'))[0].n);

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gw-queue-'));
    ds = new DataSource({ type: 'better-sqlite3', database: join(dir, 'q.db') });
    await ds.initialize();
    await ds.query('CREATE TABLE t (v integer)');
    queue = SqliteWriteQueue.installOn(ds, 500);
  });
  afterEach(async () => {
    await ds.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps a statement issued during a failing transaction out of it', async () => {
    let began!: () => void;
    const inside = new Promise<void>((r) => (began = r));
    const failing = ds.transaction(async (m) => {
      await m.query('INSERT INTO t VALUES (1)');
      began();
      await tick(); // slow work inside the transaction (a password hash): others run meanwhile
      throw new Error('taken name');
    });
    await inside;
    const outside = ds.query('INSERT INTO t VALUES (2)');
    await expect(failing).rejects.toThrow('taken name');
    await outside;
    expect(await count()).toBe(1);
  });

  it('never nests concurrent transactions: a rollback undoes only its own writes', async () => {
    const runs = Array.from({ length: 20 }, (_, i) =>
      ds.transaction(async (m) => {
        await m.query('INSERT INTO t VALUES (?)', [i]);
        await tick();
        if (i % 2 === 0) throw new Error('rolled back');
      }),
    );
    const results = await Promise.allSettled(runs);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(await count()).toBe(10);
  });

  it('runs synchronous work only when no transaction holds the connection', async () => {
    const db = (ds.driver as unknown as { databaseConnection: { inTransaction: boolean } }).databaseConnection;
    const seen: boolean[] = [];
    const tx = ds.transaction(async (m) => {
      await m.query('INSERT INTO t VALUES (1)');
      await tick();
    });
    await tick();
    await queue.runSync(() => seen.push(db.inTransaction));
    await tx;
    expect(seen).toEqual([false]);
  });

  it('lets save() and plain statements through between transactions, in order', async () => {
    const order: string[] = [];
    const tx = ds.transaction(async (m) => {
      await m.query('INSERT INTO t VALUES (1)');
      await tick();
      order.push('tx');
    });
    const outside = ds.query('INSERT INTO t VALUES (2)').then(() => order.push('outside'));
    await Promise.all([tx, outside]);
    expect(order).toEqual(['tx', 'outside']);
    expect(await count()).toBe(2);
  });

  it('fails a statement sent around an open transaction after the wait limit instead of hanging', async () => {
    const tx = ds.transaction(async (m) => {
      await m.query('INSERT INTO t VALUES (1)');
      // Wrong: the root manager, not the transaction's. It waits for the transaction: a deadlock.
      await ds.query('INSERT INTO t VALUES (2)');
    });
    await expect(tx).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
    expect(await count()).toBe(0);
  });

  describe('statements chained by awaits (better-sqlite3 answers on the event loop)', () => {
    /** Statements that each take ~1 ms (a recursive count), chained by awaits. */
    const chain = (run: (sql: string) => Promise<unknown>, n: number) => async () => {
      for (let i = 0; i < n; i++)
        await run(
          'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 5000) SELECT COUNT(*) FROM c',
        );
    };

    it.each([
      ['outside a transaction', (n: number) => chain((sql) => ds.query(sql), n)()],
      ['inside one', (n: number) => ds.transaction((m) => chain((sql) => m.query(sql), n)())],
    ])(`%s, give the event loop a turn once they have run ${SQLITE_SLICE_MS} ms without one`, async (_, work) => {
      const started = performance.now();
      const [, turns] = await turnsDuring(() => work(60));
      const elapsed = performance.now() - started;
      // Without the pacing: 0. With it, about one per millisecond; a busy machine only makes it more.
      expect(elapsed).toBeGreaterThan(10);
      expect(turns).toBeGreaterThanOrEqual(5);
    });

    it('still lets nothing into an open transaction while it gives turns', async () => {
      let open = true;
      const tx = ds
        .transaction(async (m) => {
          await m.query('INSERT INTO t VALUES (1)');
          await chain((sql) => m.query(sql), 40)();
          open = false;
          throw new Error('rolled back');
        })
        .catch((err: Error) => err.message);
      await new Promise((r) => setImmediate(r));
      expect(open).toBe(true); // this runs in the middle of the transaction
      const outside = ds.query('INSERT INTO t VALUES (2)');
      expect(await tx).toBe('rolled back');
      await outside;
      expect(await count()).toBe(1);
    });
  });
});
