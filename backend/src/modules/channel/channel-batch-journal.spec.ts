import { ChannelBatchEntity, ChannelBatchItemEntity, ChannelEntity } from '../../database/entities';
import { SqliteReader } from '../../database/sqlite-reader';
import {
  mariadbAvailable,
  mariadbTestDatabase,
  sqliteTestDatabase,
  type TestDatabase,
} from '../../testing/test-databases';
import { ChannelBatchJournal, ChannelBatchUndone } from './channel-batch-journal';
import { ChannelRepository } from './channel.repository';

/**
 * The journal of batches written in parts (docs/channel-types.md, "Writing many rows"): a part renews
 * its batch in its own transaction, a claim takes only batches nobody renewed since `before`, and the
 * two exclude each other; at start a node claims only what it was writing itself.
 */
describe.each([
  ['SQLite', () => sqliteTestDatabase('channel-batch-journal'), async () => true],
  ['MariaDB', () => mariadbTestDatabase('channel_batch_journal'), mariadbAvailable],
])('channel batch journal on %s', (_name, open, available) => {
  let db: TestDatabase | null = null;
  let repo: ChannelRepository;
  const journalOf = (nodeName: string) =>
    new ChannelBatchJournal(
      { nodeName },
      db!.ds.getRepository(ChannelBatchEntity),
      db!.ds.getRepository(ChannelBatchItemEntity),
    );

  beforeAll(async () => {
    if (!(await available())) return;
    db = await open();
    repo = new ChannelRepository(db.ds.getRepository(ChannelEntity), new SqliteReader(db.ds, null));
  });
  afterAll(async () => {
    if (!db) return;
    await db.close();
  });
  beforeEach(async () => {
    if (!db) return;
    await db.ds.getRepository(ChannelBatchItemEntity).clear();
    await db.ds.getRepository(ChannelBatchEntity).clear();
  });

  /** Opens a batch on `journal` with one part of channel ids; answers the batch id. */
  const opened = (journal: ChannelBatchJournal, ids: number[]) =>
    repo.transaction(async (tx) => {
      const batch = await journal.open(tx);
      await journal.record(tx, batch, ids);
      return batch;
    });

  it('records parts, answers their channels, and is gone once closed', async () => {
    if (!db) return;
    const journal = journalOf('n1');
    const batch = await opened(journal, [11, 12]);
    await repo.transaction(async (tx) => {
      await journal.renew(tx, batch);
      await journal.record(tx, batch, [13]);
    });
    expect((await journal.channelsOf(batch)).sort()).toEqual([11, 12, 13]);
    await repo.transaction((tx) => journal.close(batch, tx));
    expect(await journal.channelsOf(batch)).toEqual([]);
    expect(await db.ds.getRepository(ChannelBatchEntity).count()).toBe(0);
  });

  it('claims a batch nobody renewed since `before`; its writer’s next part then stops', async () => {
    if (!db) return;
    const journal = journalOf('n1');
    const batch = await opened(journal, [21]);
    expect(await journal.claim(Date.now() - 60_000)).toEqual([]);
    expect(await journal.claim(Date.now() + 1)).toEqual([batch]);
    const part = repo.transaction(async (tx) => {
      await journal.renew(tx, batch);
      await journal.record(tx, batch, [22]);
    });
    await expect(part).rejects.toBeInstanceOf(ChannelBatchUndone);
    // The operator is answered 409 with a message saying to send the batch again, not a bare 500.
    await expect(part).rejects.toMatchObject({ status: 409, key: 'channel.batch_undone' });
    expect(await journal.channelsOf(batch)).toEqual([21]);
    // A sweep that stopped part-way: the batch is answered again, whatever `before` is.
    expect(await journal.claim(0)).toEqual([batch]);
  });

  it('does not claim a batch renewed after `before`', async () => {
    if (!db) return;
    const journal = journalOf('n1');
    const batch = await opened(journal, [31]);
    const before = Date.now() + 1;
    await new Promise((r) => setTimeout(r, 5));
    await repo.transaction((tx) => journal.renew(tx, batch));
    expect(await journal.claim(before)).toEqual([]);
  });

  it('at start, claims only the batches of its own node', async () => {
    if (!db) return;
    const mine = await opened(journalOf('n1'), [41]);
    await opened(journalOf('n2'), [42]);
    expect(await journalOf('n1').claim(Date.now() + 1, true)).toEqual([mine]);
  });
});
