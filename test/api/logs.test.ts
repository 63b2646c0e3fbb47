import { ApiClient } from '../support/api-client';
import { createUser, setupRoot } from '../support/fixtures';
import { Db } from '../support/relay-fixtures';
import { startApp, type TestApp } from '../support/test-app';

const now = Math.floor(Date.now() / 1000);

describe('usage log API', () => {
  let t: TestApp;
  let db: Db;
  let root: ApiClient;
  let alice: Awaited<ReturnType<typeof createUser>>;
  let bob: Awaited<ReturnType<typeof createUser>>;

  beforeAll(async () => {
    t = await startApp();
    root = await setupRoot(t.url);
    alice = await createUser(root, 'alice');
    bob = await createUser(root, 'bob');
    db = Db.open(t);
    const rows: unknown[][] = [];
    for (let i = 0; i < 30; i++) {
      const who = i % 3 === 0 ? bob : alice;
      rows.push([
        who.id,
        who.username,
        now - 3600 + i * 100,
        i % 5 === 0 ? 6 : 2,
        i % 2 ? 'gpt-4o' : 'gpt-4o-mini',
        `tok${i % 2}`,
        i * 10,
        100,
        50,
        i % 2 ? 7 : 8,
        'ch',
        i % 4 ? 'default' : 'vip',
        JSON.stringify({ model_ratio: 1, admin_info: { use_channel: [7] } }),
      ]);
    }
    for (const r of rows) {
      await db.exec(
        "INSERT INTO logs (user_id, username, created_at, type, model_name, token_name, quota, prompt_tokens, completion_tokens, channel_id, channel_name, \"group\", other, content, use_time, is_stream, token_id, ip) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,'',1,0,0,'')",
        r,
      );
    }
  });
  afterAll(async () => {
    db.close();
    await t.close();
  });

  it('admins page through every row, newest first, with every filter', async () => {
    const all = (await root.get('/api/log/?p=0&page_size=10')).body.data;
    // The 30 rows above and root's starting-quota row written by setup.
    expect(all).toMatchObject({ page: 0, page_size: 10, total: 31 });
    expect(all.items[0].created_at).toBeGreaterThanOrEqual(all.items[9].created_at);
    const seeded = all.items.find((r: { type: number }) => r.type !== 4);
    expect(seeded).toMatchObject({
      channel: expect.any(Number),
      channel_name: 'ch',
      other: expect.stringContaining('admin_info'),
    });
    const q = (params: string) => root.get(`/api/log/?p=0&page_size=100&${params}`).then((r) => r.body.data.total);
    expect(await q('type=6')).toBe(6);
    expect(await q('type=2&model_name=gpt-4o')).toBe(12);
    expect(await q('username=bob')).toBe(10);
    expect(await q('token_name=tok0')).toBe(15);
    expect(await q('channel=7')).toBe(15);
    expect(await q('group=vip')).toBe(8);
    expect(await q(`start_timestamp=${now - 3600 + 1000}&end_timestamp=${now - 3600 + 1900}`)).toBe(10);
  });

  it('users see only their own rows, without channel details', async () => {
    const mine = (await alice.client.get('/api/log/self/?p=0&page_size=100&username=bob&channel=8')).body.data;
    expect(mine.total).toBe(20);
    for (const row of mine.items) {
      expect(row).toMatchObject({ user_id: alice.id, channel: 0, channel_name: '' });
      expect(row.other).not.toContain('admin_info');
    }
    expect((await alice.client.get('/api/log/?p=0')).status).toBe(403);
  });

  it('stat returns quota, rpm and tpm under the filter', async () => {
    const all = (await root.get('/api/log/stat?type=0')).body.data;
    // Consumption only: the type-6 rows (every fifth) and setup's credit row are not usage.
    const consumed = (who: (i: number) => boolean) =>
      Array.from({ length: 30 }, (_, i) => i).filter((i) => who(i) && i % 5 !== 0).reduce((a, i) => a + i * 10, 0);
    expect(all).toEqual({ quota: consumed(() => true), rpm: expect.any(Number), tpm: expect.any(Number) });
    const mine = (await bob.client.get('/api/log/self/stat')).body.data;
    expect(mine.quota).toBe(consumed((i) => i % 3 === 0));
  });

  it('rejects bad filters and deletes old rows in batches, returning the count', async () => {
    expect((await root.get('/api/log/?type=9')).status).toBe(400);
    const missing = await root.delete('/api/log/');
    expect(missing.body).toEqual({ success: false, data: null, message: '请选择日志记录时间' });
    const res = await root.delete(`/api/log/?target_timestamp=${now - 3600 + 1000}`);
    expect(res.body).toEqual({ success: true, message: '', data: 10 });
    expect((await root.get('/api/log/?p=0')).body.data.total).toBe(21);
  });
});
