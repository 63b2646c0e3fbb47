import { In } from 'typeorm';
import { LogEntity } from '../../database/entities';
import { SqliteReader } from '../../database/sqlite-reader';
import { turnsDuring } from '../../testing/event-loop-turns';
import {
  mariadbAvailable,
  mariadbTestDatabase,
  sqliteTestDatabase,
  type TestDatabase,
} from '../../testing/test-databases';
import { LogQueryService } from './log-query.service';
import { applyConditions, LogRepository, type LogConditions } from './log.repository';

const T0 = 1_767_225_600;
/** 60 rows over four users, two tokens, three channels, three types; values each driver converts its own way. */
const ROWS = Array.from({ length: 60 }, (_, i) => ({
  user_id: 1 + (i % 4),
  username: `user${1 + (i % 4)}`,
  created_at: T0 + Math.floor(i / 2) * 60, // pairs share a second: the page order falls back on id
  type: i % 10 === 0 ? 6 : i % 7 === 0 ? 1 : 2,
  content: i % 3 ? `第 ${i} 行` : null,
  token_name: `tok${i % 2}`,
  model_name: i % 2 ? 'gpt-4o' : 'claude-3',
  quota: 5_000_000_000 + i, // above 2^32: BIGINT on both databases
  prompt_tokens: 10 * i,
  completion_tokens: i,
  use_time: i % 5,
  is_stream: i % 2 === 1,
  channel_id: 1 + (i % 3),
  channel_name: `ch${1 + (i % 3)}`,
  token_id: 1 + (i % 2),
  group: i % 4 ? 'default' : 'vip',
  ip: '',
  other: i % 5 ? '{"model_ratio":1}' : null,
  request_id: `r${i}`,
}));

const CONDITIONS: [string, LogConditions][] = [
  ['nothing', {}],
  ['one user and a type', { userId: 2, type: 2 }],
  ['a username and a type', { username: 'user3', type: 2 }],
  ['a token, a model and a time range', { tokenName: 'tok1', modelName: 'gpt-4o', since: T0 + 300, until: T0 + 1500 }],
  ['a channel and a group', { channelId: 2, group: 'default' }],
  ['nothing matches', { username: 'nobody' }],
];

/**
 * The console's reads of `logs` go through SqliteReader (off the event loop on SQLite; the app's pool on
 * MariaDB) as raw rows made into entities by the driver: they must be what TypeORM's own getMany() and
 * getCount() answer, on both databases (docs/logs.md, "Reading and deleting").
 */
describe.each([
  ['SQLite', () => sqliteTestDatabase('logs'), async () => true],
  ['MariaDB', () => mariadbTestDatabase('logs'), mariadbAvailable],
])('LogRepository on %s', (name, open, available) => {
  let db: TestDatabase | null = null;
  let reader: SqliteReader;
  let repo: LogRepository;

  beforeAll(async () => {
    if (!(await available())) return;
    db = await open();
    reader = new SqliteReader(db.ds, db.file);
    reader.onModuleInit();
    repo = new LogRepository(db.ds.getRepository(LogEntity), reader);
    await db.ds.getRepository(LogEntity).insert(ROWS);
  });
  afterAll(async () => {
    await reader?.onApplicationShutdown();
    await db?.close();
  });

  const typeorm = (where: LogConditions) =>
    applyConditions(db!.ds.getRepository(LogEntity).createQueryBuilder('l'), where)
      .orderBy('l.created_at', 'DESC')
      .addOrderBy('l.id', 'DESC');

  it.each(CONDITIONS)('pages rows filtered by %s as TypeORM makes them', async (_label, where) => {
    if (!db) return;
    for (const [offset, limit] of [
      [0, 7],
      [5, 10],
      [20, 100],
    ]) {
      const [rows, total] = await repo.page(where, offset, limit);
      expect(total).toBe(await typeorm(where).getCount());
      const expected = await typeorm(where).offset(offset).limit(limit).getMany();
      expect(rows).toEqual(expected);
      for (const row of rows) expect(row).toBeInstanceOf(LogEntity);
    }
  });

  it.each(CONDITIONS)('sums rows filtered by %s', async (_label, where) => {
    if (!db) return;
    const matching = await typeorm(where).getMany();
    expect(await repo.totals(where)).toEqual({
      quota: matching.reduce((s, r) => s + r.quota, 0),
      rows: matching.length,
      tokens: matching.reduce((s, r) => s + r.prompt_tokens + r.completion_tokens, 0),
    });
  });

  it('deletes old rows in slices, with a turn of the event loop after each', async () => {
    if (!db) return;
    // Copies without ids (insert() wrote the generated ids into ROWS).
    const old = Array.from({ length: 100 }, (_, i) => ({
      ...ROWS[i % ROWS.length],
      id: undefined,
      created_at: T0 - 1000 + i,
    }));
    await db.ds.getRepository(LogEntity).insert(old);
    const [removed, turns] = await turnsDuring(() => new LogQueryService(repo).deleteBefore(T0));
    expect(removed).toBe(100);
    expect(await repo.totals({})).toMatchObject({ rows: ROWS.length });
    // On SQLite (synchronous) the turns are the ones deleteBefore gives: one after each slice.
    expect(turns).toBeGreaterThanOrEqual(Math.ceil(100 / repo.deleteSlice) - 1);
    if (name === 'SQLite') expect(repo.deleteSlice).toBeLessThanOrEqual(50);
  });

  it('moves to the log database the rows TypeORM finds, never the newest, and deletes them in slices', async () => {
    if (!db) return;
    const ids = (await typeorm({}).getMany()).map((r) => r.id).sort((a, b) => a - b);
    const expected = await db.ds.getRepository(LogEntity).find({ where: { id: In(ids.slice(11, 41)) } });
    expect(await repo.shippable(ids[10], 30)).toEqual(expected.sort((a, b) => a.id - b.id));
    expect((await repo.shippable(ids.at(-5)!, 30)).map((r) => r.id)).toEqual(ids.slice(-4, -1));

    const old = Array.from({ length: 100 }, (_, i) => ({ ...ROWS[i % ROWS.length], id: undefined, created_at: 1 }));
    const added = (await db.ds.getRepository(LogEntity).insert(old)).identifiers.map((x) => Number(x.id));
    const [, turns] = await turnsDuring(() => repo.deleteIds(added));
    expect(await repo.totals({ until: 1 })).toMatchObject({ rows: 0 });
    expect(turns).toBeGreaterThanOrEqual(Math.ceil(100 / repo.deleteSlice) - 1);
  });

  it('asks the reader, so that on SQLite the query runs on its worker thread', async () => {
    if (!db) return;
    const get = jest.spyOn(reader, 'get');
    const all = jest.spyOn(reader, 'all');
    await repo.page({ type: 2 }, 0, 10);
    await repo.totals({ type: 2 });
    expect(get).toHaveBeenCalledTimes(2); // the page's count, the totals
    expect(all).toHaveBeenCalledTimes(1);
    get.mockRestore();
    all.mockRestore();
  });
});

/**
 * Without statistics SQLite may search the (type, created_at) index for "type = 2 AND username = ?": every
 * usage row, to find one user's (0.2 s for a user's sums on a million rows). With a filter naming one user,
 * token or channel, that filter's index must lead.
 */
describe('LogRepository on SQLite: the index a filter on one person searches', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await sqliteTestDatabase('log-plans');
  });
  afterAll(() => db.close());

  it.each([
    ['userId', 'user_id', { userId: 2 }],
    ['username', 'username', { username: 'user2' }],
    ['tokenName', 'token_name', { tokenName: 'tok1' }],
    ['channelId', 'channel_id', { channelId: 3 }],
  ] as [string, string, LogConditions][])('%s with a type searches the index on %s', async (_field, column, person) => {
    for (const extra of [{}, { since: T0 }]) {
      const qb = applyConditions(db.ds.getRepository(LogEntity).createQueryBuilder('l'), {
        type: 2,
        ...person,
        ...extra,
      }).select('COUNT(*)', 'n');
      const [sql, params] = qb.getQueryAndParameters();
      const plan = (await db.ds.query(`EXPLAIN QUERY PLAN ${sql}`, params)) as { detail: string }[];
      expect(plan.map((p) => p.detail).join(' | ')).toContain(`(${column}=`);
    }
  });
});
