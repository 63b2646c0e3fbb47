import { AbilityEntity, RedemptionEntity } from './entities';
import { insertRows } from './insert-rows';
import {
  mariadbAvailable,
  mariadbTestDatabase,
  sqliteTestDatabase,
  type TestDatabase,
} from '../testing/test-databases';

/** 250 routing rows: a boolean, a bigint above 2^32, a reserved word (`group`) as a column name. */
const ABILITIES = Array.from({ length: 250 }, (_, i) => ({
  group: i % 2 ? 'vip' : 'default',
  model: `model-${i}`,
  channel_id: 1 + (i % 3),
  enabled: i % 5 !== 0,
  priority: 5_000_000_000 + i,
  weight: i,
  tag: i % 4 ? '' : '标签',
}));

const code = (key: string) => ({
  user_id: 1,
  key,
  name: 'batch',
  quota: 1000,
  created_time: 1,
  redeemed_time: 0,
  used_user_id: 0,
  is_gift: false,
  used_count: 0,
  valid_from: 0,
  valid_until: 0,
});

/** Rows written by insertRows must read back as TypeORM's own insert would have left them (docs/channel-types.md). */
describe.each([
  ['SQLite', () => sqliteTestDatabase('insert-rows'), async () => true],
  ['MariaDB', () => mariadbTestDatabase('insert_rows'), mariadbAvailable],
])('insertRows on %s', (_name, open, available) => {
  let db: TestDatabase | null = null;

  beforeAll(async () => {
    if (await available()) db = await open();
  });
  afterAll(async () => {
    await db?.close();
  });

  it('writes every row in statements of at most 100 rows, converted as TypeORM converts them', async () => {
    if (!db) return;
    const statements: string[] = [];
    const manager = db.ds.manager;
    const query = manager.query.bind(manager);
    const spied = Object.assign(Object.create(manager), {
      query: (sql: string, params?: unknown[]) => (statements.push(sql), query(sql, params)),
    });
    await insertRows(spied, AbilityEntity, ABILITIES);
    expect(statements).toHaveLength(3);
    const stored = await db.ds.getRepository(AbilityEntity).find({ order: { weight: 'ASC' } });
    expect(stored).toEqual(ABILITIES.map((a) => Object.assign(new AbilityEntity(), a)));
  });

  it('fills the columns the rows leave out with their defaults', async () => {
    if (!db) return;
    await insertRows(db.ds.manager, RedemptionEntity, [code('k-defaults')]);
    const row = await db.ds.getRepository(RedemptionEntity).findOneByOrFail({ key: 'k-defaults' });
    expect(row).toMatchObject({ status: 1, max_uses: 1, deleted_at: null, is_gift: false });
    expect(row.id).toBeGreaterThan(0);
  });

  it('writes nothing when a later statement of the transaction fails', async () => {
    if (!db) return;
    const rows = Array.from({ length: 150 }, (_, i) => code(`k-tx-${i}`));
    rows[120].key = rows[3].key; // a duplicate key in the second statement
    await expect(db.ds.transaction((m) => insertRows(m, RedemptionEntity, rows))).rejects.toThrow();
    expect(await db.ds.getRepository(RedemptionEntity).countBy({ name: 'batch' })).toBe(1); // k-defaults only
  });

  it('refuses rows that do not all set the same columns', async () => {
    if (!db) return;
    const uneven = [code('k-a'), { ...code('k-b'), status: 2 }];
    await expect(insertRows(db.ds.manager, RedemptionEntity, uneven)).rejects.toThrow(
      'every row must set the same columns',
    );
  });
});
