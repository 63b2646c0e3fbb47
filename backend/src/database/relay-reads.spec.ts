import { ChannelRepository } from '../modules/channel/channel.repository';
import { RELAY_SOURCE_COLUMNS, relaySource } from '../modules/relay/routing/relay-channel';
import { TokenRepository } from '../modules/token/token.repository';
import { UserRepository } from '../modules/user/user.repository';
import {
  mariadbAvailable,
  mariadbTestDatabase,
  sqliteTestDatabase,
  type TestDatabase,
} from '../testing/test-databases';
import { ChannelEntity, TokenEntity, UserEntity } from './entities';
import { SqliteReader } from './sqlite-reader';

/**
 * What every node reads again each SYNC_FREQUENCY (every channel; every cached token and user) goes
 * through SqliteReader, so that on SQLite it runs on the reader's thread and the relay keeps its event
 * loop (docs/ledger.md, "SQLite"). Each read answers what the app's own reads answer.
 */
describe.each([
  ['SQLite', () => sqliteTestDatabase('relay-reads'), async () => true],
  ['MariaDB', () => mariadbTestDatabase('relay_reads'), mariadbAvailable],
])('the relay’s periodic reads on %s', (_name, open, available) => {
  let db: TestDatabase | null = null;
  let reader: SqliteReader;
  let entities: jest.SpyInstance;
  let all: jest.SpyInstance;
  /** The columns the one statement sent to the reader selected. */
  const columnsRead = () => {
    expect(all).toHaveBeenCalledTimes(1);
    const select = /^SELECT (.*?) FROM /s.exec(String(all.mock.calls[0][0]))![1];
    return [...select.matchAll(/ AS [`"](\w+)[`"]/g)].map((m) => m[1]).sort();
  };

  beforeAll(async () => {
    if (!(await available())) return;
    db = await open();
    reader = new SqliteReader(db.ds, db.file);
    reader.onModuleInit();
    const users = db.ds.getRepository(UserEntity);
    await users.insert([
      { username: 'alice', password: 'x', aff_code: 'a1', quota: 5_000_000_000, group: 'vip', setting: '{"a":1}' },
      { username: 'bob', password: 'x', aff_code: 'b1', deleted_at: 1_700_000_000 },
    ]);
    await db.ds.getRepository(TokenEntity).insert([
      {
        user_id: 1,
        key: 'sealed-1',
        key_hash: 'h1',
        remain_quota: 7_000_000_000,
        unlimited_quota: true,
        model_limits: 'a,b',
      },
      { user_id: 1, key: 'sealed-2', key_hash: 'h2', group: 'vip', allow_ips: '10.0.0.1' },
      { user_id: 2, key: 'sealed-3', key_hash: 'h3', deleted_at: 1_700_000_000 },
    ]);
    await db.ds.getRepository(ChannelEntity).insert([
      { name: 'one', key: 'sealed', models: 'a,b', group: 'default,vip', priority: 5_000_000_000, auto_ban: 1 },
      { name: 'two', key: 'sealed', type: 14, tag: '标签', model_mapping: '{"a":"b"}', status: 2 },
    ]);
  });
  beforeEach(() => {
    if (!db) return;
    entities = jest.spyOn(reader, 'entities');
    all = jest.spyOn(reader, 'all');
  });
  afterEach(() => jest.restoreAllMocks());
  afterAll(async () => {
    if (!db) return;
    await reader.onApplicationShutdown();
    await db.close();
  });

  it('tokens by key hash: live ones only, as findByKeyHashes reads them', async () => {
    if (!db) return;
    const repo = new TokenRepository(db.ds.getRepository(TokenEntity), reader);
    const read = await repo.readByKeyHashes(['h1', 'h2', 'h3', 'absent']);
    expect(entities).toHaveBeenCalledTimes(1);
    expect(read.map((t) => t.key_hash).sort()).toEqual(['h1', 'h2']);
    expect(byId(read)).toEqual(byId(await repo.findByKeyHashes(['h1', 'h2', 'h3'])));
  });

  it('users by id: the relay’s fields only, as findRelayProfiles reads them', async () => {
    if (!db) return;
    const repo = new UserRepository(db.ds.getRepository(UserEntity), reader);
    const read = await repo.readRelayProfiles([1, 2, 3]);
    expect(entities).toHaveBeenCalledTimes(1);
    expect(byId(read)).toEqual(byId(await repo.findRelayProfiles([1, 2, 3])));
    expect(columnsRead()).toEqual(['deleted_at', 'group', 'id', 'quota', 'role', 'setting', 'status', 'username']);
  });

  it('every channel, the columns a relay channel is made from: the same relaySource as the whole row', async () => {
    if (!db) return;
    const repo = new ChannelRepository(db.ds.getRepository(ChannelEntity), reader);
    const read = byId(await repo.readAll(RELAY_SOURCE_COLUMNS));
    expect(entities).toHaveBeenCalledTimes(1);
    const whole = byId(await db.ds.getRepository(ChannelEntity).find());
    expect(columnsRead()).toEqual([...RELAY_SOURCE_COLUMNS].sort());
    expect(read.map(relaySource)).toEqual(whole.map(relaySource));
  });
});

const byId = <T extends { id: number }>(rows: T[]): T[] => [...rows].sort((a, b) => a.id - b.id);
