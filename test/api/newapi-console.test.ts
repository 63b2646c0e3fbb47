/**
 * The calls new-api's console makes that this product answers in new-api's shape (docs/newapi-compat.md):
 * wallet configuration, bound providers, a token's key, the channel editor's presets, and the channel
 * list's per-type counts.
 */
import { ApiClient } from '../support/api-client';
import { createUser, setOption, setupRoot } from '../support/fixtures';
import { createChannel, createToken, Db } from '../support/relay-fixtures';
import { startApp, type TestApp } from '../support/test-app';

const EN = { 'accept-language': 'en' };

describe('new-api console calls', () => {
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

  it('GET /api/user/topup/info: the wallet configuration, methods only while Epay is configured', async () => {
    const u = (await createUser(root, 'nc_wallet')).client;
    await setOption(root, 'MinTopUp', '5');
    await setOption(root, 'Price', '7.5');
    await setOption(root, 'TopUpLink', 'https://shop.example.com/buy');
    const off = await u.get('/api/user/topup/info', EN);
    expect(off.status).toBe(200);
    expect(off.body).toEqual({
      success: true,
      message: '',
      data: {
        enable_online_topup: false,
        enable_stripe_topup: false,
        enable_creem_topup: false,
        enable_waffo_topup: false,
        enable_redemption: true,
        pay_methods: [],
        min_topup: 5,
        price: 7.5,
        amount_options: [],
        discount: {},
        topup_link: 'https://shop.example.com/buy',
      },
    });
    await setOption(root, 'PayAddress', 'https://pay.example.com');
    await setOption(root, 'EpayId', '1001');
    await setOption(root, 'EpayKey', 'merchant-secret-key');
    const on = (await u.get('/api/user/topup/info', EN)).body.data;
    expect(on.enable_online_topup).toBe(true);
    expect(on.pay_methods).toEqual([
      { name: 'Alipay', type: 'zfb', color: expect.any(String), min_topup: '5' },
      { name: 'WeChat Pay', type: 'wx', color: expect.any(String), min_topup: '5' },
    ]);
    expect(JSON.stringify(on)).not.toContain('merchant-secret-key');
    // The method types are what the pay route takes.
    const pay = await u.post('/api/user/pay', { amount: 5, payment_method: on.pay_methods[1].type });
    expect(pay.body).toMatchObject({ success: true, url: 'https://pay.example.com/submit.php', data: { type: 'wxpay' } });
    expect((await u.get('/api/user/topup/info')).body.data.pay_methods[0].name).toBe('支付宝');
    expect((await new ApiClient(t.url).get('/api/user/topup/info')).status).toBe(401);
  });

  it('GET /api/user/oauth/bindings: the caller’s own bound providers', async () => {
    const a = await createUser(root, 'nc_bound');
    const b = await createUser(root, 'nc_unbound');
    expect((await a.client.get('/api/user/oauth/bindings')).body).toEqual({ success: true, message: '', data: [] });
    await db.exec('UPDATE users SET github_id = ?, telegram_id = ?, linux_do_id = ? WHERE id = ?', ['gh-77', 'tg-5', 'ld-9', a.id]);
    const res = await a.client.get('/api/user/oauth/bindings');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { provider_id: 0, provider_name: 'GitHub', provider_slug: 'github', provider_icon: '', provider_user_id: 'gh-77' },
      { provider_id: 0, provider_name: 'LinuxDO', provider_slug: 'linuxdo', provider_icon: '', provider_user_id: 'ld-9' },
      { provider_id: 0, provider_name: 'Telegram', provider_slug: 'telegram', provider_icon: '', provider_user_id: 'tg-5' },
    ]);
    expect((await b.client.get('/api/user/oauth/bindings')).body.data).toEqual([]);
  });

  it('POST /api/token/{id}/key: the owner gets the key without sk-, anyone else 404', async () => {
    const owner = (await createUser(root, 'nc_tok_owner')).client;
    const other = (await createUser(root, 'nc_tok_other')).client;
    const tok = await createToken(owner, { name: 'reveal-me' });
    const res = await owner.post(`/api/token/${tok.id}/key`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({ success: true, message: '', data: { key: tok.key.replace(/^sk-/, '') } });
    expect(res.body.data.key).toMatch(/^[A-Za-z0-9]{48}$/);
    const stranger = await other.post(`/api/token/${tok.id}/key`, undefined, EN);
    expect(stranger.status).toBe(404);
    expect(stranger.body).toMatchObject({ success: false, data: null });
    expect(JSON.stringify(stranger.body)).not.toContain(res.body.data.key);
    expect((await root.post(`/api/token/${tok.id}/key`)).status).toBe(404);
    await owner.delete(`/api/token/${tok.id}`);
    expect((await owner.post(`/api/token/${tok.id}/key`)).status).toBe(404);
  });

  it('GET /api/prefill_group: model presets from the pricing options, admin only', async () => {
    await setOption(root, 'ModelPrice', JSON.stringify({ 'mj-imagine': 0.1, 'dall-e-3': 0.04 }));
    await setOption(root, 'ModelRatio', JSON.stringify({ 'gpt-4o': 1.25, 'claude-3-haiku': 0.125 }));
    const res = await root.get('/api/prefill_group?type=model');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: '',
      data: [
        { id: 1, name: 'ModelPrice', type: 'model', items: ['dall-e-3', 'mj-imagine'], description: '', created_time: 0, updated_time: 0 },
        { id: 2, name: 'ModelRatio', type: 'model', items: ['claude-3-haiku', 'gpt-4o'], description: '', created_time: 0, updated_time: 0 },
      ],
    });
    expect((await root.get('/api/prefill_group')).body.data).toHaveLength(2);
    expect((await root.get('/api/prefill_group?type=tag')).body).toEqual({ success: true, message: '', data: [] });
    expect((await root.get('/api/prefill_group?type=endpoint')).body.data).toEqual([]);
    await setOption(root, 'ModelPrice', '{}');
    expect((await root.get('/api/prefill_group?type=model')).body.data.map((g: { name: string }) => g.name)).toEqual(['ModelRatio']);
    const user = (await createUser(root, 'nc_pre_user')).client;
    expect((await user.get('/api/prefill_group?type=model')).status).toBe(403);
  });

  it('GET /api/channel/: type_counts beside the items, under the filters except the type', async () => {
    const base = { base_url: 'https://up.example.com', models: 'gpt-4o' };
    await createChannel(root, { ...base, name: 'tc-a', type: 1, key: 'k-a' });
    await createChannel(root, { ...base, name: 'tc-b', type: 1, key: 'k-b' });
    const c = await createChannel(root, { ...base, name: 'tc-c', type: 14, key: 'k-c' });
    await root.put('/api/channel/', { id: c, status: 2 });
    const all = await root.get('/api/channel/?p=0&page_size=1&id_sort=false&tag_mode=false');
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject({ total: 3, page: 0, page_size: 1, type_counts: { '1': 2, '14': 1 } });
    expect(all.body.data.items).toHaveLength(1);
    const typed = (await root.get('/api/channel/?p=0&page_size=10&type=14')).body.data;
    expect(typed).toMatchObject({ total: 1, items: [{ name: 'tc-c' }], type_counts: { '1': 2, '14': 1 } });
    const enabled = (await root.get('/api/channel/?p=0&page_size=10&status=1&tag_mode=true')).body.data;
    expect(enabled).toMatchObject({ total: 2, type_counts: { '1': 2 } });
    expect(enabled.type_counts['14']).toBeUndefined();
    const search = (await root.get('/api/channel/search?keyword=tc-&p=0&page_size=10')).body.data;
    expect(search).toMatchObject({ total: 3, type_counts: { '1': 2, '14': 1 } });
  });
});
