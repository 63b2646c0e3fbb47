/** Channel API (docs/channel-types.md). */
import { createServer, type Server } from 'node:http';
import { builtinModels, CHANNEL_TYPE_IDS, ChannelType } from '@gw/shared';
import type { AddressInfo } from 'node:net';
import { MockUpstream } from '../mock-upstream/mock-upstream';
import { ApiClient } from '../support/api-client';
import { createUser, setOption, setupRoot } from '../support/fixtures';
import { createChannel, Db, eventually } from '../support/relay-fixtures';
import { startApp, type TestApp } from '../support/test-app';

const EN = { 'accept-language': 'en' };
const MARKER = 'sk-CHANNELKEYMARKER9876543210';

/** A fake provider for model lists and balances; echoes the key in its errors (must be masked). */
async function infoServer(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const auth = req.headers.authorization ?? '';
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (!auth.endsWith('good-key'))
      return send(401, { error: { message: `Incorrect API key provided: ${auth.slice(7)}` } });
    if (req.url === '/v1/models') return send(200, { object: 'list', data: [{ id: 'm-a' }, { id: 'm-b' }] });
    if (req.url === '/v1/dashboard/billing/subscription') return send(200, { hard_limit_usd: 120 });
    if (req.url?.startsWith('/v1/dashboard/billing/usage')) return send(200, { total_usage: 2050 });
    if (req.url === '/user/balance') return send(200, { balance_infos: [{ currency: 'CNY', total_balance: '42.50' }] });
    send(404, { error: { message: 'not found' } });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('channel API', () => {
  let t: TestApp;
  let mock: MockUpstream;
  let info: { url: string; server: Server };
  let root: ApiClient;
  let admin: ApiClient;
  let db: Db;
  const base = { type: 1, models: 'gpt-4o', group: 'default' };

  beforeAll(async () => {
    mock = new MockUpstream();
    await mock.start();
    info = await infoServer();
    t = await startApp();
    db = Db.open(t);
    root = await setupRoot(t.url);
    admin = (await createUser(root, 'ch_admin', 'user-pass-1', 10)).client;
  });
  afterAll(async () => {
    db.close();
    await t.close();
    await mock.close();
    info.server.close();
  });

  it.each([
    ['no name', { key: 'k', models: 'm' }, 'Please fill in the channel name and key!'],
    ['blank key', { name: 'n', key: ' ', models: 'm' }, 'Please fill in the channel name and key!'],
    ['no model', { name: 'n', key: 'k', models: ' , ' }, 'Please select at least one model!'],
    [
      'bad model_mapping',
      { name: 'n', key: 'k', models: 'm', model_mapping: '{x' },
      'The model mapping must be valid JSON!',
    ],
    ['bad setting', { name: 'n', key: 'k', models: 'm', setting: '[1]' }, 'The channel setting must be valid JSON!'],
    [
      'bad param_override',
      { name: 'n', key: 'k', models: 'm', param_override: 'no' },
      'The parameter override must be valid JSON!',
    ],
    [
      'type 41 bad region JSON',
      { name: 'n', key: '{"a":1}', type: 41, models: 'm', other: '{bad' },
      'The region mapping must be valid JSON!',
    ],
    ['priority below -999', { name: 'n', key: 'k', models: 'm', priority: -1000 }, 'Invalid parameters'],
    ['priority not integer', { name: 'n', key: 'k', models: 'm', priority: 1.5 }, 'Invalid parameters'],
    ['negative weight', { name: 'n', key: 'k', models: 'm', weight: -1 }, 'Invalid parameters'],
  ])('create refuses %s', async (_name, body, message) => {
    const res = await admin.post('/api/channel/', body, EN);
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toContain(message);
  });

  it('create normalises type special cases and the base URL', async () => {
    const spark = await admin.post('/api/channel/', {
      name: 'spark',
      key: 'a|b|c',
      type: 18,
      models: 'spark',
      base_url: 'https://x.example/',
      other: '',
    });
    expect(spark.body.data).toMatchObject({
      other: 'v2.1',
      base_url: 'https://x.example',
      auto_ban: 1,
      group: 'default',
      priority: 0,
      weight: 0,
    });
    expect(spark.body.data.key).toBeUndefined();
    const vertex = await admin.post('/api/channel/', {
      name: 'vx',
      key: '{"type":"service_account"}',
      type: 41,
      models: 'gemini',
      other: 'us-central1',
    });
    expect(vertex.body.data.other).toBe('us-central1');
    const batch = await admin.post('/api/channel/', { name: 'multi', key: 'kb1\nkb2', models: 'm', mode: 'batch' });
    expect(batch.body.data).toHaveLength(2);
    for (const id of [spark.body.data.id, vertex.body.data.id, ...batch.body.data.map((c: { id: number }) => c.id)])
      await root.delete(`/api/channel/${id}/`);
  });

  it('keys: only root reads them, through the reveal route; only root changes base_url; lists and search never carry keys', async () => {
    const id = await createChannel(admin, { ...base, name: 'secret-ch', key: MARKER, base_url: mock.url });
    expect((await root.get(`/api/channel/${id}`)).body.data.key).toBeUndefined();
    expect((await root.post(`/api/channel/${id}/key`)).body.data.key).toBe(MARKER);
    expect((await admin.get(`/api/channel/${id}`)).body.data.key).toBeUndefined();
    expect((await admin.post(`/api/channel/${id}/key`)).status).toBe(403);
    const list = await admin.get('/api/channel/?p=0&page_size=100');
    expect(JSON.stringify(list.body)).not.toContain(MARKER);
    expect((await admin.get(`/api/channel/search?keyword=${MARKER}`)).body.data.total).toBe(0);
    expect((await admin.put('/api/channel/', { id, base_url: 'http://127.0.0.1:1' })).status).toBe(403);
    expect((await admin.put('/api/channel/', { id, base_url: mock.url + '/', name: 'renamed' })).status).toBe(200);
    const upd = await root.put('/api/channel/', { id, base_url: 'http://127.0.0.1:2/' });
    expect(upd.body.data).toMatchObject({ base_url: 'http://127.0.0.1:2', name: 'renamed' });
    expect(upd.body.data.key).toBeUndefined();
    expect((await admin.delete(`/api/channel/${id}/`)).body.success).toBe(true);
    expect((await admin.get(`/api/channel/${id}`)).status).toBe(404);
    expect(t.output()).not.toContain(MARKER);
  });

  it('lists with paging, id_sort and tag mode; searches by keyword, group and model', async () => {
    const ids: number[] = [];
    const add = async (name: string, extra: Record<string, unknown>) => {
      const res = await admin.post('/api/channel/', { ...base, name, key: `k-${name}`, base_url: mock.url, ...extra });
      ids.push(res.body.data.id);
    };
    await add('l-a', { tag: 'alpha', priority: 5 });
    await add('l-b', { priority: 3 });
    await add('l-c', { tag: 'alpha', priority: 1, group: 'vip', models: 'claude-x' });
    await add('l-d', { tag: 'beta', priority: 4 });
    const byPriority = (await admin.get('/api/channel/?p=0&page_size=10')).body.data;
    expect(byPriority.total).toBe(4);
    expect(byPriority.items.map((c: { name: string }) => c.name)).toEqual(['l-a', 'l-d', 'l-b', 'l-c']);
    const byId = (await admin.get('/api/channel/?p=0&page_size=2&id_sort=true')).body.data;
    expect(byId.items.map((c: { name: string }) => c.name)).toEqual(['l-d', 'l-c']);
    const tagged = (await admin.get('/api/channel/?p=0&page_size=2&tag_mode=true')).body.data;
    expect(tagged.total).toBe(3); // alpha, beta, l-b
    expect(tagged.items.map((c: { name: string }) => c.name)).toEqual(['l-a', 'l-c', 'l-d']);
    const page2 = (await admin.get('/api/channel/?p=1&page_size=2&tag_mode=true')).body.data;
    expect(page2.items.map((c: { name: string }) => c.name)).toEqual(['l-b']);
    const search = async (q: string) =>
      (await admin.get(`/api/channel/search?${q}`)).body.data.items.map((c: { name: string }) => c.name).sort();
    expect(await search('keyword=l-b')).toEqual(['l-b']);
    expect(await search('keyword=alpha')).toEqual(['l-a', 'l-c']);
    expect(await search('keyword=127.0.0.1')).toHaveLength(4);
    expect(await search('group=vip')).toEqual(['l-c']);
    expect(await search('model=claude')).toEqual(['l-c']);
    expect(await search('keyword=%25')).toEqual([]);
    expect((await admin.get('/api/channel/search?keyword=alpha&tag_mode=true')).body.data.total).toBe(1);
    await admin.post('/api/channel/batch', { ids });
  });

  it('model lists: models_enabled, models with ids, models by channel type', async () => {
    const id = await createChannel(admin, {
      ...base,
      name: 'models',
      key: 'k-models',
      base_url: mock.url,
      models: 'only-here,gpt-4o',
    });
    expect((await admin.get('/api/channel/models_enabled')).body.data).toEqual(
      expect.arrayContaining(['only-here', 'gpt-4o']),
    );
    const all = (await admin.get('/api/channel/models')).body.data as Array<{ id: string }>;
    expect(all).toEqual(expect.arrayContaining([{ id: 'only-here' }]));
    expect((await admin.get('/api/models')).body.data['1']).toEqual(expect.arrayContaining(['only-here', 'gpt-4o-mini']));
    await admin.put('/api/channel/', { id, status: 2 });
    expect((await admin.get('/api/channel/models_enabled')).body.data).not.toContain('only-here');
    await admin.delete(`/api/channel/${id}`);
  });

  it('GET /api/models answers every channel type with its built-in models, channels or not', async () => {
    const byType = (await admin.get('/api/models')).body.data as Record<string, string[]>;
    expect(Object.keys(byType).map(Number).sort((a, b) => a - b)).toEqual([...CHANNEL_TYPE_IDS].sort((a, b) => a - b));
    for (const type of CHANNEL_TYPE_IDS) expect(byType[String(type)]).toEqual(expect.arrayContaining(builtinModels(type)));
    // Types no channel uses yet still answer their list, so the editor can fill a new channel of the type.
    expect(byType[String(ChannelType.Anthropic)]).toEqual(expect.arrayContaining(['claude-sonnet-4-20250514']));
    expect(byType[String(ChannelType.DeepSeek)]).toEqual(expect.arrayContaining(['deepseek-chat', 'deepseek-reasoner']));
    expect(byType[String(ChannelType.SunoAPI)]).toEqual(['suno_lyrics', 'suno_music']);
    expect(byType[String(ChannelType.Custom)]).toEqual([]);
  });

  it('tag edit, tag enable/disable and batch tag', async () => {
    const a = await createChannel(admin, { ...base, name: 't-a', key: 'k-ta', base_url: mock.url });
    const b = await createChannel(admin, { ...base, name: 't-b', key: 'k-tb', base_url: mock.url });
    expect((await admin.post('/api/channel/batch/tag', { ids: [a, b], tag: 'team' })).body.data).toBe(2);
    for (const [body, msg] of [
      [{ ids: [a], tag: ' ' }, 'Please fill in the tag'],
      [{ ids: [], tag: 'x' }, 'Please select channels first'],
    ] as const) {
      const res = await admin.post('/api/channel/batch/tag', body, EN);
      expect([res.status, res.body.message]).toEqual([400, msg]);
    }
    for (const [body, msg] of [
      [{ tag: 'team' }, 'No changes'],
      [{ tag: 'team', new_tag: 'team' }, 'No changes'],
      [{ tag: 'team', model_mapping: '{bad' }, 'The model mapping must be valid JSON!'],
      [{ tag: 'team', priority: '1.5' }, 'The priority must be an integer'],
      [{ tag: 'team', weight: -2 }, 'The weight must be a non-negative integer'],
    ] as const) {
      const res = await admin.put('/api/channel/tag', body, EN);
      expect([res.status, res.body.message]).toEqual([400, msg]);
    }
    const edit = await admin.put('/api/channel/tag', {
      tag: 'team',
      new_tag: 'crew',
      priority: 7,
      weight: 3,
      models: 'm1,m2',
      groups: 'default,vip',
      model_mapping: '{"m1":"m1-2024"}',
    });
    expect(edit.body.data).toBe(2);
    const got = (await admin.get(`/api/channel/${a}`)).body.data;
    expect(got).toMatchObject({
      tag: 'crew',
      priority: 7,
      weight: 3,
      models: 'm1,m2',
      group: 'default,vip',
      model_mapping: '{"m1":"m1-2024"}',
      name: 't-a',
    });
    expect((await db.all('SELECT * FROM abilities WHERE channel_id = ?', [a])).length).toBe(4);
    await admin.put('/api/channel/tag', { tag: 'crew', priority: '', weight: null, models: '', new_tag: 'crew2' });
    expect((await admin.get(`/api/channel/${b}`)).body.data).toMatchObject({
      tag: 'crew2',
      priority: 7,
      models: 'm1,m2',
    });
    expect((await admin.post('/api/channel/tag/disabled', { tag: 'crew2' })).body.data).toBe(2);
    expect((await admin.get(`/api/channel/${a}`)).body.data.status).toBe(2);
    expect((await db.one('SELECT COUNT(*) AS n FROM abilities WHERE channel_id = ? AND enabled = ?', [a, 1])).n).toBe(
      0,
    );
    await admin.post('/api/channel/tag/enabled', { tag: 'crew2' });
    expect((await admin.get(`/api/channel/${b}`)).body.data.status).toBe(1);
    await admin.put('/api/channel/tag', { tag: 'crew2', new_tag: '' });
    expect((await admin.get(`/api/channel/${a}`)).body.data.tag).toBe('');
    await admin.post('/api/channel/batch', { ids: [a, b] });
  });

  it('batch delete, delete disabled and fix return counts', async () => {
    const ids = await Promise.all(
      ['d1', 'd2', 'd3'].map((n) => createChannel(admin, { ...base, name: n, key: `k-${n}`, base_url: mock.url })),
    );
    expect((await admin.post('/api/channel/batch', { ids: [] }, EN)).body.message).toBe('Please select channels first');
    await admin.put('/api/channel/', { id: ids[0], status: 2 });
    expect((await admin.delete('/api/channel/disabled')).body.data).toBe(1);
    expect((await admin.post('/api/channel/fix')).body.data).toBe(2);
    expect((await admin.post('/api/channel/batch', { ids: [ids[1], ids[2], 999999] })).body.data).toBe(2);
    expect((await admin.get('/api/channel/?p=0&page_size=100')).body.data.total).toBe(0);
  });

  it('tests a channel against the upstream: time, response_time, test_time, chosen model', async () => {
    const id = await createChannel(admin, {
      ...base,
      name: 'probe',
      key: 'k-probe',
      base_url: mock.url,
      models: 'gpt-4o,gpt-4o-mini',
      model_mapping: '{"gpt-4o-mini":"mini-upstream"}',
    });
    mock.on('k-probe', { delayMs: 30 });
    const res = await admin.get(`/api/channel/test/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true });
    expect(res.body.time).toBeGreaterThan(0.02);
    expect(mock.byKey('k-probe').at(-1)!.body.model).toBe('gpt-4o');
    await admin.get(`/api/channel/test/${id}?model=gpt-4o-mini`);
    expect(mock.byKey('k-probe').at(-1)!.body.model).toBe('mini-upstream');
    const c = (await admin.get(`/api/channel/${id}`)).body.data;
    expect(c.response_time).toBeGreaterThanOrEqual(30);
    expect(c.test_time).toBeGreaterThan(0);
    expect((await admin.get('/api/channel/test/999999')).status).toBe(404);
    await admin.delete(`/api/channel/${id}`);
  });

  it('a failing or slow test auto-disables when enabled; a passing one re-enables; keys stay masked', async () => {
    const id = await createChannel(admin, { ...base, name: 'flaky', key: MARKER, base_url: mock.url });
    mock.on(MARKER, { status: 401, errorMessage: `Incorrect API key provided: ${MARKER}` });
    const off = await admin.get(`/api/channel/test/${id}`);
    expect(off.body.success).toBe(false);
    expect(off.body.message).not.toContain(MARKER);
    expect((await admin.get(`/api/channel/${id}`)).body.data.status).toBe(1);
    await setOption(root, 'AutomaticDisableChannelEnabled', 'true');
    await admin.get(`/api/channel/test/${id}`);
    const disabled = (await admin.get(`/api/channel/${id}`)).body.data;
    expect(disabled.status).toBe(3);
    expect(JSON.parse(disabled.other_info).status_reason).not.toContain(MARKER);
    mock.on(MARKER, {});
    await admin.get(`/api/channel/test/${id}`);
    expect((await admin.get(`/api/channel/${id}`)).body.data.status).toBe(3);
    await setOption(root, 'AutomaticEnableChannelEnabled', 'true');
    expect((await admin.get(`/api/channel/test/${id}`)).body.success).toBe(true);
    expect((await admin.get(`/api/channel/${id}`)).body.data.status).toBe(1);
    await setOption(root, 'ChannelDisableThreshold', '0.05');
    mock.on(MARKER, { delayMs: 120 });
    const slow = await admin.get(`/api/channel/test/${id}`, EN);
    expect(slow.body).toMatchObject({ success: false, message: expect.stringContaining('exceeds the threshold') });
    expect((await admin.get(`/api/channel/${id}`)).body.data.status).toBe(3);
    mock.on(MARKER, {});
    await setOption(root, 'ChannelDisableThreshold', '5');
    expect(t.output()).not.toContain(MARKER);
    expect(JSON.stringify(await db.all('SELECT content FROM logs'))).not.toContain(MARKER);
    await admin.delete(`/api/channel/${id}`);
  });

  it('test all runs in the background', async () => {
    const id = await createChannel(admin, { ...base, name: 'all', key: 'k-all', base_url: mock.url });
    mock.on('k-all', { delayMs: 300 });
    const started = Date.now();
    const res = await admin.get('/api/channel/test');
    expect(res.body.success).toBe(true);
    expect(Date.now() - started).toBeLessThan(250);
    expect(await eventually(async () => (await admin.get(`/api/channel/${id}`)).body.data.test_time > 0, 5000)).toBe(
      true,
    );
    await admin.delete(`/api/channel/${id}`);
  });

  it('balances: OpenAI billing and DeepSeek; unsupported types say so', async () => {
    const oa = await createChannel(admin, { ...base, name: 'bal', key: 'good-key', base_url: info.url });
    const res = await admin.get(`/api/channel/update_balance/${oa}/`);
    expect(res.body).toMatchObject({ success: true, balance: 99.5 });
    expect((await admin.get(`/api/channel/${oa}`)).body.data).toMatchObject({
      balance: 99.5,
      balance_updated_time: expect.any(Number),
    });
    const ds = await createChannel(admin, { ...base, type: 43, name: 'ds', key: 'good-key', base_url: info.url });
    expect((await admin.get(`/api/channel/update_balance/${ds}`)).body.balance).toBe(42.5);
    const mistral = await createChannel(admin, { ...base, type: 42, name: 'mi', key: 'good-key', base_url: info.url });
    const un = await admin.get(`/api/channel/update_balance/${mistral}`, EN);
    expect([un.status, un.body.message]).toEqual([400, 'This channel type does not report a balance']);
    expect((await admin.get('/api/channel/update_balance')).body.success).toBe(true);
    await admin.post('/api/channel/batch', { ids: [oa, ds, mistral] });
  });

  it('fetches models for a new channel (root) and an existing one; upstream errors are masked', async () => {
    const refused = await admin.post('/api/channel/fetch_models', { base_url: info.url, type: 1, key: 'good-key' });
    expect(refused.status).toBe(403);
    const fresh = await root.post('/api/channel/fetch_models', {
      base_url: info.url,
      type: 1,
      key: 'good-key\nother',
    });
    expect(fresh.body.data).toEqual(['m-a', 'm-b']);
    const noKey = await root.post('/api/channel/fetch_models', { base_url: info.url, type: 1, key: '' }, EN);
    expect([noKey.status, noKey.body.message]).toEqual([400, 'Please fill in the key']);
    const bad = await root.post('/api/channel/fetch_models', { base_url: info.url, type: 1, key: MARKER }, EN);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Failed to fetch the model list');
    expect(bad.body.message).not.toContain(MARKER);
    const custom = await root.post(
      '/api/channel/fetch_models',
      { base_url: `${info.url}/v1/chat/completions`, type: 8, key: 'good-key' },
      EN,
    );
    expect(custom.body.message).toBe('This channel type does not support this operation yet');
    const id = await createChannel(admin, { ...base, name: 'fm', key: 'good-key', base_url: info.url });
    expect((await admin.get(`/api/channel/fetch_models/${id}`)).body.data).toEqual(['m-a', 'm-b']);
    await admin.delete(`/api/channel/${id}`);
  });
});
