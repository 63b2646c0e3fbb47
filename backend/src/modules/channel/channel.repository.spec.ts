import { AbilityEntity, ChannelEntity } from '../../database/entities';
import { SqliteReader } from '../../database/sqlite-reader';
import {
  mariadbAvailable,
  mariadbTestDatabase,
  sqliteTestDatabase,
  type TestDatabase,
} from '../../testing/test-databases';
import { abilityRows } from './channel-fields';
import { ChannelRepository } from './channel.repository';

const rowsOf = (id: number, models: string, priority = 0) =>
  abilityRows({ id, group: 'default,vip', models, status: 1, priority, weight: 0, tag: '' });
const sorted = (rows: { group: string; model: string }[]) => rows.map((r) => `${r.group}/${r.model}`).sort();

/** A channel's routing rows, found by channel_id's own index (docs/channel-types.md, "Writing many rows"). */
describe.each([
  ['SQLite', () => sqliteTestDatabase('channel-repo'), async () => true],
  ['MariaDB', () => mariadbTestDatabase('channel_repo'), mariadbAvailable],
])('ChannelRepository routing rows on %s', (name, open, available) => {
  let db: TestDatabase | null = null;
  let repo: ChannelRepository;
  beforeAll(async () => {
    if (!(await available())) return;
    db = await open();
    repo = new ChannelRepository(db.ds.getRepository(ChannelEntity), new SqliteReader(db.ds, null));
  });
  afterAll(() => db?.close());

  it('looks up one channel by the channel_id index, not by reading every routing row', async () => {
    if (!db || name !== 'SQLite') return;
    const plan: { detail: string }[] = await db.ds.query(
      'EXPLAIN QUERY PLAN DELETE FROM abilities WHERE channel_id = ?',
      [7],
    );
    expect(plan.map((p) => p.detail).join('; ')).toMatch(/SEARCH abilities USING (COVERING )?INDEX/);
  });

  it('deletes the rows of many channels one channel per statement, and only theirs', async () => {
    if (!db) return;
    await repo.insertAbilities([1, 2, 3, 4].flatMap((id) => rowsOf(id, 'a,b,c')));
    const deletes: unknown[] = [];
    const manager = db.ds.manager;
    const spied = Object.assign(Object.create(manager), {
      getRepository: (entity: typeof AbilityEntity) => {
        const inner = manager.getRepository(entity);
        return Object.assign(Object.create(inner), {
          delete: (where: unknown) => (deletes.push(where), inner.delete(where as never)),
        });
      },
    });
    await repo.deleteAbilities([1, 3, 4], spied);
    expect(deletes).toEqual([{ channel_id: 1 }, { channel_id: 3 }, { channel_id: 4 }]);
    expect(sorted(await repo.abilitiesOf(2))).toEqual(sorted(rowsOf(2, 'a,b,c')));
    expect(await db.ds.getRepository(AbilityEntity).count()).toBe(6);
  });

  it('deletes rows by their key and sets the shared fields of one channel', async () => {
    if (!db) return;
    await repo.insertAbilities(rowsOf(5, 'a,b,c'));
    const stale = rowsOf(5, 'a,c').filter((r) => r.group === 'vip');
    await db.ds.transaction(async (tx) => {
      await repo.deleteAbilityRows(stale, tx);
      await repo.setAbilityFields(5, { enabled: false, priority: 7, weight: 3, tag: 't' }, tx);
    });
    const stored = await repo.abilitiesOf(5);
    expect(sorted(stored)).toEqual(['default/a', 'default/b', 'default/c', 'vip/b']);
    for (const r of stored) expect(r).toMatchObject({ enabled: false, priority: 7, weight: 3, tag: 't' });
    expect(sorted(await repo.abilitiesOf(2))).toEqual(sorted(rowsOf(2, 'a,b,c'))); // another channel's stay
  });
});
