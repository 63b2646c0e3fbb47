import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { SqliteWriteQueue } from './sqlite-write-queue';

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
    queue = SqliteWriteQueue.installOn(ds);
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

  it('refuses a transaction opened behind its back', async () => {
    await expect(ds.createQueryRunner().startTransaction()).rejects.toThrow('outside the write queue');
  });
});
