import type { ApiClient } from '../support/api-client';
import { createUser, setupRoot } from '../support/fixtures';
import { expectLedger } from '../support/ledger-invariant';
import { Db } from '../support/relay-fixtures';
import { startApp, type TestApp } from '../support/test-app';

/** The admin calls of redemption codes and the redeem call's rules (docs/redemption.md). */
describe('redemption codes', () => {
  let t: TestApp;
  let db: Db;
  let root: ApiClient;
  let user: Awaited<ReturnType<typeof createUser>>;
  let other: Awaited<ReturnType<typeof createUser>>;
  const now = () => Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    t = await startApp();
    root = await setupRoot(t.url);
    db = Db.open(t);
    user = await createUser(root, 'redeemer');
    other = await createUser(root, 'another');
  });
  afterAll(async () => {
    await expectLedger(db, { users: { [user.id]: 0, [other.id]: 0 } });
    db.close();
    await t.close();
  });

  const create = (body: Record<string, unknown>) => root.post('/api/redemption/', body);
  const createOne = async (body: Record<string, unknown>) => {
    const res = await create(body);
    expect(res.body).toMatchObject({ success: true });
    const key = res.body.data[0] as string;
    const id = Number((await db.one('SELECT id FROM redemptions WHERE "key" = ?', [key])).id);
    return { key, id };
  };
  const redeem = (client: ApiClient, key: unknown) => client.post('/api/user/topup', { key });
  const fails = (res: { status: number; body: any }, message: string) => {
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, data: null, message });
  };

  it('creates with the defaults: quota 100000, one code, the formatted quota as name, crypto-length key', async () => {
    const res = await create({});
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatch(/^[A-Za-z0-9]{32}$/);
    const { id } = await createOne({ is_gift: true, name: 'gift-default' });
    const gift = (await root.get(`/api/redemption/${id}`)).body.data;
    expect(gift).toMatchObject({ quota: 100000, is_gift: true, max_uses: -1, used_count: 0, status: 1, valid_from: 0, valid_until: 0 });
    const first = (await root.get(`/api/redemption/search?keyword=${encodeURIComponent('$0.20')}`)).body.data;
    expect(first.items.map((r: any) => r.key)).toContain(res.body.data[0]);
  });

  it('creates a batch of up to 100 and answers every generated key', async () => {
    const res = await create({ name: 'batch', quota: 1000, count: 100 });
    expect(res.body.data).toHaveLength(100);
    expect(new Set(res.body.data).size).toBe(100);
    expect((await root.get('/api/redemption/count-by-name?name=batch')).body).toEqual({ success: true, message: '', data: 100 });
  });

  it('refuses bad input with its message', async () => {
    const count = '一次生成的兑换码数量必须在 1 到 100 之间';
    fails(await create({ count: 101 }), count);
    fails(await create({ count: 0 }), count);
    fails(await create({ name: 'x'.repeat(21) }), '兑换码名称长度必须在 1 到 20 个字符之间');
    fails(await create({ quota: 0 }), '额度必须是正整数');
    fails(await create({ is_gift: true, max_uses: 0 }), '最大使用次数必须是正整数，或 -1 表示不限');
    fails(await create({ valid_from: now() + 100, valid_until: now() + 100 }), '生效时间必须早于过期时间');
    fails(await create({ key: 'mine-1', count: 2 }), '指定兑换码时只能生成一个');
    expect((await create({ key: 'chosen-code-1' })).body.data).toEqual(['chosen-code-1']);
    fails(await create({ key: 'chosen-code-1' }), '该兑换码已存在');
    const res = await root.get('/api/redemption/count-by-name?name=');
    fails(res, '兑换码名称长度必须在 1 到 20 个字符之间');
  });

  it('lists and searches with the paged envelope', async () => {
    const { id } = await createOne({ name: 'findme', quota: 5 });
    const page = (await root.get('/api/redemption/?p=0&page_size=10')).body;
    expect(page.success).toBe(true);
    expect(page.data).toMatchObject({ page: 0, page_size: 10 });
    expect(page.data.items).toHaveLength(10);
    expect(page.data.total).toBeGreaterThan(100);
    expect(page.data.items[0].id).toBe(id);
    const byName = (await root.get('/api/redemption/search?keyword=findm&p=0&page_size=10')).body.data;
    expect(byName.items.map((r: any) => r.id)).toEqual([id]);
    const byId = (await root.get(`/api/redemption/search?keyword=${id}`)).body.data;
    expect(byId.items.map((r: any) => r.id)).toEqual([id]);
    expect((await root.get('/api/redemption/999999')).status).toBe(404);
  });

  it('is for admins only', async () => {
    expect((await user.client.get('/api/redemption/')).status).toBe(403);
    expect((await user.client.post('/api/redemption/', {})).status).toBe(403);
    expect((await user.client.delete('/api/redemption/delete-disabled')).status).toBe(403);
  });

  it('redeems once, answering quota and is_gift, and credits the balance with a type-1 row', async () => {
    const { key, id } = await createOne({ name: 'once', quota: 1234 });
    const before = (await user.client.get('/api/user/self')).body.data.quota;
    const res = await redeem(user.client, key);
    expect(res.body).toMatchObject({ success: true, data: { quota: 1234, is_gift: false } });
    expect((await user.client.get('/api/user/self')).body.data.quota).toBe(before + 1234);
    fails(await redeem(user.client, key), '该兑换码已被使用');
    fails(await redeem(other.client, key), '该兑换码已被使用');
    const code = (await root.get(`/api/redemption/${id}`)).body.data;
    expect(code).toMatchObject({ status: 3, used_user_id: user.id, used_count: 1 });
    const rows = await db.all('SELECT type, quota, other FROM logs WHERE user_id = ? AND type = 1', [user.id]);
    expect(rows.map((r) => [Number(r.quota), JSON.parse(r.other)])).toContainEqual([1234, { redemption_id: id, is_gift: false }]);
  });

  it('refuses empty, unknown, disabled, not-yet-valid and expired codes', async () => {
    fails(await redeem(user.client, ''), '请输入兑换码');
    fails(await redeem(user.client, '   '), '请输入兑换码');
    fails(await redeem(user.client, 'no-such-code'), '无效的兑换码');
    const soon = await createOne({ name: 'later', quota: 10, valid_from: now() + 3600 });
    fails(await redeem(user.client, soon.key), '该兑换码尚未生效');
    const past = await createOne({ name: 'past', quota: 10, valid_until: now() + 3600 });
    await db.exec('UPDATE redemptions SET valid_until = ? WHERE id = ?', [now() - 10, past.id]);
    fails(await redeem(user.client, past.key), '该兑换码已过期');
    const off = await createOne({ name: 'off', quota: 10 });
    expect((await root.put('/api/redemption/?status_only=true', { id: off.id, status: 2 })).body.data.status).toBe(2);
    fails(await redeem(user.client, off.key), '该兑换码已被禁用');
    expect((await root.put('/api/redemption/?status_only=true', { id: off.id, status: 1 })).body.data.status).toBe(1);
    expect((await redeem(user.client, off.key)).body.success).toBe(true);
  });

  it('a gift code pays each user once, up to max_uses', async () => {
    const { key, id } = await createOne({ name: 'gift2', quota: 20, is_gift: true, max_uses: 2 });
    expect((await redeem(user.client, key)).body).toMatchObject({ success: true, data: { quota: 20, is_gift: true } });
    fails(await redeem(user.client, key), '您已经领取过该礼品码');
    expect((await redeem(other.client, key)).body.success).toBe(true);
    const third = await createUser(root, 'third');
    fails(await redeem(third.client, key), '该礼品码已被领完');
    expect((await root.get(`/api/redemption/${id}`)).body.data).toMatchObject({ status: 1, used_count: 2, max_uses: 2 });
    await expectLedger(db, { users: { [third.id]: 0 } });
  });

  it('edits only unused codes; enable is refused for used codes; status 3 cannot be set', async () => {
    const a = await createOne({ name: 'edit', quota: 10 });
    const edited = await root.put('/api/redemption/', { id: a.id, name: 'edited', quota: 11, valid_until: now() + 3600 });
    expect(edited.body.data).toMatchObject({ name: 'edited', quota: 11 });
    fails(await root.put('/api/redemption/', { id: a.id, name: '' }), '兑换码名称长度必须在 1 到 20 个字符之间');
    fails(await root.put('/api/redemption/', { id: a.id, valid_from: now() + 7200 }), '生效时间必须早于过期时间');
    fails(await root.put('/api/redemption/?status_only=true', { id: a.id, status: 3 }), '只能在未使用和禁用之间切换');
    await redeem(user.client, a.key);
    fails(await root.put('/api/redemption/', { id: a.id, quota: 99 }), '只有未使用的兑换码可以编辑');
    fails(await root.put('/api/redemption/?status_only=true', { id: a.id, status: 1 }), '已使用的兑换码不能启用');
    fails(await root.put('/api/redemption/?status_only=true', { id: a.id, status: 2 }), '已使用的兑换码不能修改状态');
    const b = await createOne({ name: 'edit-off', quota: 10 });
    await root.put('/api/redemption/?status_only=true', { id: b.id, status: 2 });
    fails(await root.put('/api/redemption/', { id: b.id, quota: 99 }), '只有未使用的兑换码可以编辑');
    const g = await createOne({ name: 'edit-gift', quota: 10, is_gift: true });
    await redeem(other.client, g.key);
    fails(await root.put('/api/redemption/', { id: g.id, is_gift: false }), '已被使用过的兑换码不能切换礼品码类型');
    expect((await root.put('/api/redemption/', { id: g.id, max_uses: 3 })).body.data.max_uses).toBe(3);
    expect((await root.put('/api/redemption/', { id: 999999, quota: 1 })).status).toBe(404);
  });

  it('batch-disables unused codes, deletes one, deletes the disabled and used ones, deletes by name', async () => {
    const codes = await Promise.all([1, 2, 3].map(() => createOne({ name: 'bulk', quota: 10 })));
    await redeem(user.client, codes[2].key);
    const off = await root.put('/api/redemption/batch-disable', { ids: codes.map((c) => c.id) });
    expect(off.body).toEqual({ success: true, message: '', data: 2 });
    fails(await root.put('/api/redemption/batch-disable', { ids: [] }), '请至少选择一个兑换码');
    expect((await root.get(`/api/redemption/${codes[0].id}`)).body.data.status).toBe(2);
    expect((await root.get(`/api/redemption/${codes[2].id}`)).body.data.status).toBe(3);

    const single = await createOne({ name: 'single', quota: 10 });
    expect((await root.delete(`/api/redemption/${single.id}/`)).body).toMatchObject({ success: true });
    expect((await root.get(`/api/redemption/${single.id}`)).status).toBe(404);
    expect((await root.delete(`/api/redemption/${single.id}`)).status).toBe(404);
    fails(await redeem(user.client, single.key), '无效的兑换码');

    const keep = await createOne({ name: 'bulk', quota: 10 });
    const removed = (await root.delete('/api/redemption/delete-disabled')).body;
    expect(removed.success).toBe(true);
    expect(removed.data).toBeGreaterThanOrEqual(3);
    expect((await root.get(`/api/redemption/${codes[1].id}`)).status).toBe(404);
    expect((await root.get(`/api/redemption/${keep.id}`)).status).toBe(200);
    expect((await root.get('/api/redemption/count-by-name?name=bulk')).body.data).toBe(1);
    expect((await root.delete('/api/redemption/delete-by-name?name=batch')).body.data).toBe(100);
    expect((await root.get('/api/redemption/count-by-name?name=batch')).body.data).toBe(0);
  });
});
