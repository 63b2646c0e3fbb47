import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { openDatabase, sqliteFile } from './data-source';
import { SqliteReader } from './sqlite-reader';

/** A query that keeps SQLite busy for a while (a few hundred ms): counts to five million. */
const SLOW =
  'WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 5000000) SELECT COUNT(*) AS n FROM c';

describe('SqliteReader: the console’s long reads on a worker thread', () => {
  let dir: string;
  let ds: DataSource;
  let database: { type: 'sqlite'; path: string; busyTimeoutMs: number };
  const readers: SqliteReader[] = [];
  const start = () => {
    const r = new SqliteReader(ds, database.path);
    r.onModuleInit();
    readers.push(r);
    return r;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gw-reader-'));
    database = { type: 'sqlite', path: join(dir, 'r.db'), busyTimeoutMs: 1000 };
    ds = await openDatabase({ database, dbLogging: false });
    await ds.query('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)');
  });

  afterAll(async () => {
    for (const r of readers) await r.onApplicationShutdown();
    await ds.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads what the app’s connection committed, BLOBs as Buffers', async () => {
    const reader = start();
    await ds.query('INSERT INTO notes (body) VALUES (?)', ['first 中文']);
    const row = await reader.get<{ n: number; body: Buffer }>(
      'SELECT COUNT(*) AS n, CAST(MAX(body) AS BLOB) AS body FROM notes WHERE id > ?',
      [0],
    );
    expect(row?.n).toBe(1);
    expect(Buffer.isBuffer(row?.body)).toBe(true);
    expect(row?.body.toString('utf8')).toBe('first 中文');
    await ds.query('INSERT INTO notes (body) VALUES (?)', ['second']);
    expect((await reader.get<{ n: number }>('SELECT COUNT(*) AS n FROM notes', []))?.n).toBe(2);
  });

  it('answers every row for all(), in order, BLOBs as Buffers; none as an empty list', async () => {
    const reader = start();
    const rows = await reader.all<{ id: number; b: Buffer }>(
      'SELECT id, CAST(body AS BLOB) AS b FROM notes ORDER BY id',
      [],
    );
    expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort((a, b) => a - b));
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(Buffer.isBuffer(r.b)).toBe(true);
    expect(await reader.all('SELECT * FROM notes WHERE id < 0', [])).toEqual([]);
  });

  it('keeps answering as statement texts come and go (more than it keeps prepared)', async () => {
    const reader = start();
    for (let i = 0; i < 200; i++) {
      expect(await reader.get<{ v: number }>(`SELECT ${i} + ? AS v`, [1])).toEqual({ v: i + 1 });
    }
    expect(await reader.get<{ v: number }>('SELECT 0 + ? AS v', [5])).toEqual({ v: 5 });
  });

  it('answers no row with undefined, and a refused query with its error', async () => {
    const reader = start();
    expect(await reader.get('SELECT * FROM notes WHERE id < 0', [])).toBeUndefined();
    await expect(reader.get('SELECT * FROM no_such_table', [])).rejects.toThrow(/no such table/);
    await expect(reader.get('DELETE FROM notes RETURNING id', [])).rejects.toThrow(/readonly/);
  });

  it('leaves the event loop free while the query runs', async () => {
    const reader = start();
    let ticks = 0;
    const timer = setInterval(() => ticks++, 2);
    const row = await reader.get<{ n: number }>(SLOW, []);
    clearInterval(timer);
    expect(row?.n).toBe(5_000_000);
    // On the app's (synchronous) connection the timer could not fire until the query ended.
    expect(ticks).toBeGreaterThan(0);
  });

  it('in memory there is no file to share: the query runs on the app’s connection', async () => {
    const mem = await openDatabase({
      database: { type: 'sqlite', path: ':memory:', busyTimeoutMs: 1000 },
      dbLogging: false,
    });
    try {
      const reader = new SqliteReader(mem, sqliteFile({ type: 'sqlite', path: ':memory:', busyTimeoutMs: 1000 }));
      reader.onModuleInit();
      expect(await reader.get<{ v: number }>('SELECT ? + 1 AS v', [41])).toEqual({ v: 42 });
      expect(await reader.all<{ v: number }>('SELECT ? AS v UNION ALL SELECT 2', [1])).toEqual([{ v: 1 }, { v: 2 }]);
    } finally {
      await mem.destroy();
    }
  });

  it('after shutdown, queries still answer, on the app’s connection', async () => {
    const reader = start();
    await reader.onApplicationShutdown();
    await ds.query('INSERT INTO notes (body) VALUES (?)', ['after shutdown']);
    const [{ n }] = (await ds.query('SELECT COUNT(*) AS n FROM notes')) as { n: number }[];
    expect((await reader.get<{ n: number }>('SELECT COUNT(*) AS n FROM notes', []))?.n).toBe(n);
  });
});
