/** A batch of keys pasted as one channel each (docs/channel-types.md, "Writing many rows"). */
import OpenAI from 'openai';
import { MockUpstream } from '../mock-upstream/mock-upstream';
import type { ApiClient } from '../support/api-client';
import { setupRoot } from '../support/fixtures';
import { createChannel, createToken, Db, eventually, sleep } from '../support/relay-fixtures';
import { startApp, type TestApp } from '../support/test-app';

/** 50 models in two groups: 100 routing rows per channel, so a batch of 200 keys writes 20,000. */
const MODELS = Array.from({ length: 50 }, (_, i) => `batch-model-${i}`).join(',');
const batchOf = (name: string, n: number) => ({
  mode: 'batch',
  name,
  type: 1,
  key: Array.from({ length: n }, (_, i) => `sk-${name}-${i}`).join('\n'),
  models: MODELS,
  group: 'default,vip',
});

describe('channel batches', () => {
  let t: TestApp;
  let mock: MockUpstream;
  let root: ApiClient;
  let db: Db;

  beforeAll(async () => {
    mock = new MockUpstream();
    await mock.start();
    t = await startApp();
    db = Db.open(t);
    root = await setupRoot(t.url);
    await createChannel(root, { key: 'up-batch', base_url: mock.url, models: 'gpt-4o-mini' });
  });
  afterAll(async () => {
    db.close();
    await t.close();
    await mock.close();
  });

  const channelsNamed = async (name: string) =>
    Number((await db.one('SELECT COUNT(*) AS n FROM channels WHERE name = ?', [name])).n);
  const routingRowsOf = async (name: string) =>
    Number(
      (
        await db.one(
          'SELECT COUNT(*) AS n FROM abilities WHERE channel_id IN (SELECT id FROM channels WHERE name = ?)',
          [name],
        )
      ).n,
    );

  const count = async (sql: string) => Number((await db.one(sql)).n);
  const orphanRoutingRows = () =>
    count('SELECT COUNT(*) AS n FROM abilities WHERE channel_id NOT IN (SELECT id FROM channels)');
  const journalRows = async () =>
    (await count('SELECT COUNT(*) AS n FROM channel_batches')) +
    (await count('SELECT COUNT(*) AS n FROM channel_batch_items'));

  it('is committed in parts, so relay requests are answered while it is written', async () => {
    const token = await createToken(root, { unlimited_quota: true });
    const client = new OpenAI({ apiKey: token.key, baseURL: `${t.url}/v1`, maxRetries: 0 });
    const ask = () =>
      client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] });
    await ask(); // key, owner and route cached

    const batch = root.post('/api/channel/', batchOf('bulk', 200));
    // In one transaction, the first channel became visible with the last one.
    let seen = 0;
    while ((seen = await channelsNamed('bulk')) === 0) await sleep(5);
    expect(seen).toBeLessThan(200);
    // The request's reservation and settlement are commits: they get their turn between the batch's.
    const answer = await ask();
    expect(answer.choices[0].message.content).toBeTruthy();
    expect(await channelsNamed('bulk')).toBeLessThan(200);

    const res = await batch;
    expect(res.body.success).toBe(true);
    expect(res.body.data).toHaveLength(200);
    expect(await channelsNamed('bulk')).toBe(200);
    expect(await routingRowsOf('bulk')).toBe(20_000);
    expect(await journalRows()).toBe(0);
  });

  /**
   * Posts a batch while a trigger runs `action` on each insert of one of its channels from the `from`th
   * on (the batch writes 5 channels a transaction, so the 12th and 13th are in its third); the trigger is
   * dropped after the answer.
   */
  const postWithTrigger = async (name: string, from: number, action: { sqlite: string; mysql: string }) => {
    await db.exec(
      t.db.type === 'sqlite'
        ? `CREATE TRIGGER batch_test AFTER INSERT ON channels
             WHEN NEW.name = '${name}' AND (SELECT COUNT(*) FROM channels WHERE name = '${name}') >= ${from}
           BEGIN ${action.sqlite}; END`
        : `CREATE TRIGGER batch_test AFTER INSERT ON channels FOR EACH ROW BEGIN
             IF NEW.name = '${name}' AND (SELECT COUNT(*) FROM channels WHERE name = '${name}') >= ${from} THEN
               ${action.mysql};
             END IF;
           END`,
    );
    try {
      return await root.post('/api/channel/', batchOf(name, 30));
    } finally {
      await db.exec('DROP TRIGGER batch_test');
    }
  };

  it('that fails part-way leaves none of its channels or routing rows', async () => {
    // The 13th insert of a channel named "doomed" fails: in the third of the batch's transactions.
    const res = await postWithTrigger('doomed', 13, {
      sqlite: "SELECT RAISE(ABORT, 'stopped by the test')",
      mysql: "SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'stopped by the test'",
    });
    expect(res.body.success).toBe(false);
    expect(await channelsNamed('doomed')).toBe(0);
    expect(await orphanRoutingRows()).toBe(0);
    expect(await journalRows()).toBe(0);
    // Without the failure, the same batch is written whole.
    const again = await root.post('/api/channel/', batchOf('doomed', 30));
    expect(again.body.data).toHaveLength(30);
    expect(await routingRowsOf('doomed')).toBe(3_000);
  });

  it('claimed for undoing while it is written answers 409 and leaves none of its channels', async () => {
    // The master's sweep claims a batch whose writer has written no part for ten minutes. Here the claim
    // lands with the 12th channel, in the batch's third transaction: the fourth finds its batch claimed.
    const claim = 'UPDATE channel_batches SET undoing = 1';
    const res = await postWithTrigger('claimed', 12, { sqlite: claim, mysql: claim });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, message: expect.stringContaining('请重新提交') });
    expect(await channelsNamed('claimed')).toBe(0);
    expect(await orphanRoutingRows()).toBe(0);
    expect(await journalRows()).toBe(0);
  });

  it('whose process is killed part-way is undone when the node starts again', async () => {
    const batch = root.post('/api/channel/', batchOf('killed', 200)).then(
      () => 'answered',
      () => 'cut',
    );
    let seen = 0;
    while ((seen = await channelsNamed('killed')) === 0) await sleep(5);
    expect(seen).toBeLessThan(200);
    t = await t.restart('SIGKILL');
    expect(await batch).toBe('cut');
    // At start the node claims the batch it was writing and removes its channels, then the journal.
    expect(await eventually(async () => (await channelsNamed('killed')) === 0 && (await journalRows()) === 0)).toBe(
      true,
    );
    expect(await orphanRoutingRows()).toBe(0);
  });
});
