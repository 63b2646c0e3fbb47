import type { ApiClient } from '../support/api-client';
import { createUser, setOption, setupRoot } from '../support/fixtures';
import { Db } from '../support/relay-fixtures';
import { startApp, type TestApp } from '../support/test-app';

/**
 * Issue 10 item 5: admin quota changes never undo spending, and every one leaves a type-3 row that
 * states the change (quota = |delta|, other = {quota_delta, quota_before, quota_after, admin_id}).
 */
describe('admin quota changes', () => {
  let t: TestApp;
  let db: Db;
  let root: ApiClient;
  let rootId: number;

  beforeAll(async () => {
    t = await startApp();
    root = await setupRoot(t.url);
    rootId = (await root.get('/api/user/self')).body.data.id;
    db = Db.open(t);
  });
  afterAll(async () => {
    db.close();
    await t.close();
  });

  const quotaOf = async (id: number) => Number((await db.one('SELECT quota FROM users WHERE id = ?', [id])).quota);
  const manageRows = async (id: number) =>
    (await db.all('SELECT quota, other, content FROM logs WHERE type = 3 AND user_id = ? ORDER BY id', [id])).map(
      (r) => {
        // The message reference (msg, msg_params) is checked on its own below.
        const { msg: _msg, msg_params: _params, ...other } = JSON.parse(r.other);
        return { quota: Number(r.quota), ...other };
      },
    );
  /** What the manage rows add up to: with no other credits or charges, the balance. */
  const deltaSum = async (id: number) => (await manageRows(id)).reduce((s, r) => s + r.quota_delta, 0);

  it('the console edit (quota + original_quota) applies the difference, keeping what was spent meanwhile', async () => {
    const u = await createUser(root, 'spender');
    expect((await root.put('/api/user/', { id: u.id, quota: 10_000 })).status).toBe(200);
    const loaded = (await root.get(`/api/user/${u.id}`)).body.data.quota;
    expect(loaded).toBe(10_000);
    // The user spends 625 while the drawer is open.
    await db.exec('UPDATE users SET quota = quota - 625, used_quota = used_quota + 625 WHERE id = ?', [u.id]);

    const res = await root.put('/api/user/', { id: u.id, quota: 15_000, original_quota: loaded });
    expect(res.status).toBe(200);
    expect(res.body.data.quota).toBe(14_375);
    expect(await quotaOf(u.id)).toBe(14_375);
    expect((await manageRows(u.id)).at(-1)).toEqual({
      quota: 5000,
      quota_delta: 5000,
      quota_before: 9375,
      quota_after: 14_375,
      admin_id: rootId,
    });
  });

  it('the row names its message, so the console shows it in the viewer language', async () => {
    const u = await createUser(root, 'worded');
    await root.put('/api/user/', { id: u.id, quota: 2500 });
    const row = await db.one('SELECT content, other FROM logs WHERE type = 3 AND user_id = ? ORDER BY id DESC', [u.id]);
    expect(JSON.parse(row.other)).toMatchObject({
      msg: 'quota_changed',
      msg_params: { admin: 'root', admin_id: rootId, from_quota: 0, to_quota: 2500, delta_quota: 2500 },
    });
    expect(row.content).toContain('changed quota from 0 to 2500');
  });

  it('quota alone (new-api clients) sets the value; the row records the real difference', async () => {
    const u = await createUser(root, 'absolute');
    await root.put('/api/user/', { id: u.id, quota: 3000 });
    await db.exec('UPDATE users SET quota = quota - 100 WHERE id = ?', [u.id]);
    const res = await root.put('/api/user/', { id: u.id, quota: 1000 });
    expect(res.body.data.quota).toBe(1000);
    expect(await quotaOf(u.id)).toBe(1000);
    const rows = await manageRows(u.id);
    expect(rows).toEqual([
      { quota: 3000, quota_delta: 3000, quota_before: 0, quota_after: 3000, admin_id: rootId },
      { quota: 1900, quota_delta: -1900, quota_before: 2900, quota_after: 1000, admin_id: rootId },
    ]);
    // Setting the value it already has changes nothing and logs nothing.
    await root.put('/api/user/', { id: u.id, quota: 1000, remark: 'same' });
    expect(await manageRows(u.id)).toHaveLength(2);
  });

  it('quota_delta (the add-quota action) adds to the live balance, negative subtracts', async () => {
    const u = await createUser(root, 'adder');
    await root.put('/api/user/', { id: u.id, quota_delta: 700 });
    await db.exec('UPDATE users SET quota = quota - 50 WHERE id = ?', [u.id]);
    const res = await root.put('/api/user/', { id: u.id, quota_delta: -200 });
    expect(res.body.data.quota).toBe(450);
    expect(await manageRows(u.id)).toEqual([
      { quota: 700, quota_delta: 700, quota_before: 0, quota_after: 700, admin_id: rootId },
      { quota: 200, quota_delta: -200, quota_before: 650, quota_after: 450, admin_id: rootId },
    ]);
  });

  it.each<[Record<string, unknown>, string]>([
    [{ original_quota: 5 }, 'original_quota without quota'],
    [{ quota: 5, quota_delta: 5 }, 'quota with quota_delta'],
    [{ quota_delta: 1.5 }, 'a fractional delta'],
    [{ quota_delta: '5' }, 'a string delta'],
    [{ quota: 5, original_quota: 2 ** 60 }, 'an unsafe original_quota'],
  ])('refuses %j (%s)', async (body) => {
    const u = await createUser(root, `bad${Math.floor(Math.random() * 1e6)}`);
    const res = await root.put('/api/user/', { id: u.id, ...body });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('额度必须是非负整数');
    expect(await manageRows(u.id)).toEqual([]);
  });

  it('parallel edits each apply exactly once, and their rows chain before → after', async () => {
    const u = await createUser(root, 'parallel');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? root.put('/api/user/', { id: u.id, quota_delta: 7 })
          : root.put('/api/user/', { id: u.id, quota: 1007, original_quota: 1000 }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await quotaOf(u.id)).toBe(140);
    const rows = (await manageRows(u.id)).sort((a, b) => a.quota_before - b.quota_before);
    expect(rows.map((r) => [r.quota_before, r.quota_after])).toEqual(
      Array.from({ length: 20 }, (_, i) => [i * 7, i * 7 + 7]),
    );
    expect(await deltaSum(u.id)).toBe(140);
  });

  it('a user an admin creates with QuotaForNewUser gets its type-4 row, like sign-up', async () => {
    await setOption(root, 'QuotaForNewUser', '1234');
    try {
      const u = await createUser(root, 'bonus');
      expect(await quotaOf(u.id)).toBe(1234);
      const rows = await db.all('SELECT quota, content FROM logs WHERE type = 4 AND user_id = ?', [u.id]);
      expect(rows.map((r) => Number(r.quota))).toEqual([1234]);
    } finally {
      await setOption(root, 'QuotaForNewUser', '0');
    }
  });
});
