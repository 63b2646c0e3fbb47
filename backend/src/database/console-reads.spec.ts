import type { ObjectLiteral, Repository } from 'typeorm';
import { ChannelRepository } from '../modules/channel/channel.repository';
import { LogRepository } from '../modules/log/log.repository';
import { RedemptionRepository } from '../modules/redemption/redemption.repository';
import { TaskLogRepository } from '../modules/task-log/task-log.repository';
import { UserRepository } from '../modules/user/user.repository';
import { sqliteTestDatabase, type TestDatabase } from '../testing/test-databases';
import {
  AbilityEntity,
  ChannelEntity,
  CreativeTaskEntity,
  DrawingTaskEntity,
  LogEntity,
  RedemptionEntity,
  UserEntity,
} from './entities';
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

  it('the reads over the whole routing index (models served, served models’ types, channels routed)', async () => {
    await repo(ChannelEntity).insert([
      { id: 1, name: 'a', key: 'sealed', type: 14, models: 'm1,m2', group: 'default,vip' },
      { id: 2, name: 'b', key: 'sealed', type: 1, models: 'm3', group: 'default', status: 2 },
    ]);
    await repo(AbilityEntity).insert([
      { group: 'default', model: 'm2', channel_id: 1 },
      { group: 'default', model: 'm1', channel_id: 1 },
      { group: 'vip', model: 'm1', channel_id: 1 },
      { group: 'default', model: 'm3', channel_id: 2, enabled: false },
    ]);
    const channels = new ChannelRepository(repo(ChannelEntity), reader);
    const all = jest.spyOn(reader, 'all');
    try {
      expect(await channels.abilityModels({ groups: ['default'], enabledOnly: true })).toEqual(['m1', 'm2']);
      expect(await channels.abilityModels({})).toEqual(['m1', 'm2', 'm3']);
      expect(
        (await channels.enabledServings()).sort((x, y) => `${x.model}${x.group}`.localeCompare(`${y.model}${y.group}`)),
      ).toEqual([
        { model: 'm1', group: 'default', type: 14 },
        { model: 'm1', group: 'vip', type: 14 },
        { model: 'm2', group: 'default', type: 14 },
      ]);
      expect((await channels.abilityChannelIds()).sort()).toEqual([1, 2]);
      expect(all).toHaveBeenCalledTimes(4);
    } finally {
      all.mockRestore();
    }
  });
});
