/** Token API (docs/console-api.md, docs/console.md#tokens). */
import { ApiClient } from '../support/api-client';
import { createUser, setOption, setupRoot } from '../support/fixtures';
import { createToken, Db } from '../support/relay-fixtures';
import { startApp, type TestApp } from '../support/test-app';

const EN = { 'accept-language': 'en' };
const now = () => Math.floor(Date.now() / 1000);

describe('token API', () => {
  let t: TestApp;
  let root: ApiClient;
  let db: Db;

  beforeAll(async () => {
    t = await startApp();
    db = Db.open(t);
    root = await setupRoot(t.url);
  });
  afterAll(async () => {
    db.close();
    await t.close();
  });

  it('creates, lists with paging, gets, updates and deletes own tokens', async () => {
    const u = (await createUser(root, 'tok_crud')).client;
    const other = (await createUser(root, 'tok_other')).client;
    const a = await createToken(u, { name: 'first', remain_quota: 500000 });
    const b = await createToken(u, {
      name: 'second',
      unlimited_quota: true,
      allow_ips: '10.0.0.1\n10.0.0.2',
      model_limits_enabled: true,
      model_limits: 'gpt-4o',
    });
    const list = (await u.get('/api/token/?p=0&size=1')).body.data;
    expect(list).toMatchObject({ total: 2, items: [{ id: b.id, name: 'second', key: b.key, status: 1 }] });
    expect((await u.get('/api/token/?p=1&size=1')).body.data.items[0].id).toBe(a.id);
    const got = (await u.get(`/api/token/${b.id}`)).body.data;
    // Keys are answered as new-api answers them: without the sk- prefix (create, list, get, search).
    const search = (await u.get('/api/token/search?keyword=second')).body.data.items;
    for (const key of [a.key, b.key, list.items[0].key, got.key, search[0].key]) expect(key).toMatch(/^[A-Za-z0-9]{48}$/);
    expect(got).toMatchObject({
      unlimited_quota: true,
      allow_ips: '10.0.0.1\n10.0.0.2',
      model_limits: 'gpt-4o',
      rate_limit_period: 60,
      rate_limit_count: 1000,
      rate_limit_success: 10,
    });
    const upd = await u.put('/api/token/', { id: a.id, name: 'renamed', remain_quota: 7, rate_limit_enabled: true });
    expect(upd.body.data).toMatchObject({ name: 'renamed', remain_quota: 7, rate_limit_enabled: true, key: a.key });
    const partial = await u.put('/api/token/', { id: b.id, name: 'second-renamed' });
    expect(partial.body.data).toMatchObject({
      name: 'second-renamed',
      unlimited_quota: true,
      allow_ips: '10.0.0.1\n10.0.0.2',
      model_limits_enabled: true,
      model_limits: 'gpt-4o',
    });
    expect((await other.get(`/api/token/${a.id}`)).status).toBe(404);
    expect((await other.put('/api/token/', { id: a.id, name: 'x' })).status).toBe(404);
    expect((await u.delete(`/api/token/${a.id}/`)).body.success).toBe(true);
    expect((await u.get('/api/token/')).body.data.total).toBe(1);
  });

  it.each([
    ['no name', {}, 'The token name is required'],
    ['blank name', { name: '  ' }, 'The token name is required'],
    ['long name', { name: 'x'.repeat(65) }, 'The token name is too long'],
    ['count 0', { name: 'n', count: 0 }, 'The batch count must be between 1 and 100'],
    ['count 101', { name: 'n', count: 101 }, 'The batch count must be between 1 and 100'],
    ['bad expiry', { name: 'n', expired_time: 'tomorrow' }, 'Invalid parameters'],
  ])('create refuses %s', async (_n, body, message) => {
    const u = (await createUser(root, `tv_${Math.random().toString(36).slice(2, 8)}`)).client;
    const res = await u.post('/api/token/', body, EN);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it('batch create: the first keeps the name, the others get a 6-character alphanumeric suffix', async () => {
    const u = (await createUser(root, 'tok_batch')).client;
    const res = await u.post('/api/token/', { name: 'bulk', count: 4, remain_quota: 100 });
    const made = res.body.data as Array<{ name: string; key: string }>;
    expect(made).toHaveLength(4);
    expect(made[0].name).toBe('bulk');
    for (const m of made.slice(1)) expect(m.name).toMatch(/^bulk-[A-Za-z0-9]{6}$/);
    expect(new Set(made.map((m) => m.key)).size).toBe(4);
    expect((await u.get('/api/token/?p=0&size=10')).body.data.total).toBe(4);
  });

  it('status-only updates toggle 1 and 2; expired and exhausted are computed and cannot be enabled', async () => {
    const u = (await createUser(root, 'tok_status')).client;
    const tk = await createToken(u, { name: 's', remain_quota: 100 });
    const off = await u.put('/api/token/?status_only=true', { id: tk.id, status: 2, name: 'ignored' });
    expect(off.body.data).toMatchObject({ status: 2, name: 's' });
    expect((await u.put('/api/token/?status_only=true', { id: tk.id, status: 1 })).body.data.status).toBe(1);
    const bad = await u.put('/api/token/?status_only=true', { id: tk.id, status: 3 }, EN);
    expect([bad.status, bad.body.message]).toEqual([400, 'Only enabled and disabled can be set']);

    const expired = await createToken(u, { name: 'old', expired_time: now() - 10 });
    expect((await u.get(`/api/token/${expired.id}`)).body.data.status).toBe(3);
    await u.put('/api/token/?status_only=true', { id: expired.id, status: 2 });
    const e = await u.put('/api/token/?status_only=true', { id: expired.id, status: 1 }, EN);
    expect([e.status, e.body.message]).toEqual([
      400,
      'The token has expired; change its expiry time before enabling it',
    ]);

    const empty = await createToken(u, { name: 'empty', remain_quota: 0 });
    expect((await u.get(`/api/token/${empty.id}`)).body.data.status).toBe(4);
    await u.put('/api/token/?status_only=true', { id: empty.id, status: 2 });
    const x = await u.put('/api/token/?status_only=true', { id: empty.id, status: 1 }, EN);
    expect([x.status, x.body.message]).toEqual([
      400,
      'The token quota is used up; raise it or make it unlimited before enabling it',
    ]);
    const fixed = await u.put('/api/token/', { id: empty.id, unlimited_quota: true, status: 1 });
    expect(fixed.body.data.status).toBe(1);
    const never = await u.put('/api/token/', { id: expired.id, expired_time: -1, status: 1 });
    expect(never.body).toMatchObject({ data: { status: 1 } });
  });

  it('searches own tokens by name keyword and by key fragment, never others', async () => {
    const u = (await createUser(root, 'tok_search')).client;
    const v = (await createUser(root, 'tok_spy')).client;
    const a = await createToken(u, { name: 'alpha-key' });
    const b = await createToken(u, { name: 'beta_key' });
    await createToken(v, { name: 'alpha-spy' });
    const names = async (c: ApiClient, q: string) =>
      (await c.get(`/api/token/search?${q}`)).body.data.items.map((x: { name: string }) => x.name).sort();
    expect(await names(u, 'keyword=alpha')).toEqual(['alpha-key']);
    expect(await names(u, 'keyword=_')).toEqual(['beta_key']);
    expect(await names(u, 'keyword=%25')).toEqual([]);
    expect(await names(u, `token=${a.key.slice(10, 20)}`)).toEqual(['alpha-key']);
    expect(await names(u, `token=${b.key}`)).toEqual(['beta_key']);
    expect(await names(u, `token=sk-${b.key}`)).toEqual(['beta_key']);
    expect(await names(v, `token=${a.key.slice(10, 20)}`)).toEqual([]);
    expect(await names(u, `keyword=alpha&token=${b.key.slice(10, 20)}`)).toEqual([]);
    expect(await names(u, `token=${encodeURIComponent("' OR 1=1 --")}`)).toEqual([]);
  });

  it('groups are limited to the user own usable groups', async () => {
    const u = (await createUser(root, 'tok_group')).client;
    await setOption(root, 'UserUsableGroups', JSON.stringify({ default: 'Default', vip: 'VIP' }));
    expect((await u.post('/api/token/', { name: 'g', group: 'vip' })).body.data.group).toBe('vip');
    expect((await u.post('/api/token/', { name: 'g', group: 'svip' })).status).toBe(403);
    const tk = await createToken(u, { name: 'h' });
    expect((await u.put('/api/token/', { id: tk.id, group: 'svip' })).status).toBe(403);
    const stored = await db.one('SELECT "key" FROM tokens WHERE id = ?', [tk.id]);
    expect(stored.key).not.toContain(tk.key);
  });
});
