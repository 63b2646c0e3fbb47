import type { ObjectLiteral, Repository } from 'typeorm';
import { LogRepository } from '../modules/log/log.repository';
import { RedemptionRepository } from '../modules/redemption/redemption.repository';
import { TaskLogRepository } from '../modules/task-log/task-log.repository';
import { UserRepository } from '../modules/user/user.repository';
import { sqliteTestDatabase, type TestDatabase } from '../testing/test-databases';
import { CreativeTaskEntity, DrawingTaskEntity, LogEntity, RedemptionEntity, UserEntity } from './entities';
import { SqliteReader } from './sqlite-reader';

/**
 * The console's list pages whose reads can cover a whole table (a keyword's LIKE '%…%', a count over
 * millions of log rows) go through SqliteReader, so that on SQLite they run on its worker thread and
 * the relay keeps its event loop (docs/logs.md, "Reading and deleting").
 */
describe('console list pages read on SqliteReader', () => {
  let db: TestDatabase;
  let reader: SqliteReader;
  const repo = <T extends ObjectLiteral>(entity: new () => T): Repository<T> => db.ds.getRepository(entity);

  beforeAll(async () => {
    db = await sqliteTestDatabase('console-reads');
    reader = new SqliteReader(db.ds, db.file);
    reader.onModuleInit();
    await repo(UserEntity).insert([
      { username: 'alice', display_name: 'Alice', password: 'x', aff_code: 'a1' },
      { username: 'bob', display_name: 'Bob', password: 'x', aff_code: 'b1' },
    ]);
    await repo(RedemptionEntity).insert([{ name: 'spring gift', key: 'k1', quota: 5 }]);
  });
  afterAll(async () => {
    await reader.onApplicationShutdown();
    await db.close();
  });

  const pages: [string, () => Promise<[unknown[], number]>, number][] = [
    ['users by keyword', () => new UserRepository(repo(UserEntity), reader).search({ keyword: 'li' }, 0, 10), 1],
    [
      'redemption codes by keyword',
      () => new RedemptionRepository(repo(RedemptionEntity), reader).page('gift', { skip: 0, take: 10 }),
      1,
    ],
    ['usage log', () => new LogRepository(repo(LogEntity), reader).page({}, 0, 10), 0],
    ['drawings', () => tasks().drawingPage({}, 0, 10), 0],
    ['tasks', () => tasks().taskPage({ userId: 1 }, 0, 10), 0],
  ];
  const tasks = () => new TaskLogRepository(repo(DrawingTaskEntity), repo(CreativeTaskEntity), reader);

  it('made into the entities TypeORM makes', async () => {
    const [users] = await new UserRepository(repo(UserEntity), reader).search({ keyword: 'li' }, 0, 10);
    expect(users).toEqual(await repo(UserEntity).findBy({ username: 'alice' }));
    const [codes] = await new RedemptionRepository(repo(RedemptionEntity), reader).page('gift', { skip: 0, take: 10 });
    expect(codes).toEqual(await repo(RedemptionEntity).find());
  });

  it.each(pages)('%s', async (_label, read, expected) => {
    const entities = jest.spyOn(reader, 'entities');
    const count = jest.spyOn(reader, 'count');
    try {
      const [rows, total] = await read();
      expect([rows.length, total]).toEqual([expected, expected]);
      expect(entities).toHaveBeenCalledTimes(1);
      expect(count).toHaveBeenCalledTimes(1);
    } finally {
      entities.mockRestore();
      count.mockRestore();
    }
  });
});
