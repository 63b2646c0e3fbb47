import OpenAI from 'openai';
import { DEFAULT_MODEL_RATIO } from '@gw/shared';
import { MockUpstream, type Usage } from '../mock-upstream/mock-upstream';
import { ApiClient } from '../support/api-client';
import { setOption, setupRoot } from '../support/fixtures';
import { createChannel, createToken, Db, eventually, fundedUser, sleep } from '../support/relay-fixtures';
import { startApp, type TestApp } from '../support/test-app';

/** Money: exact charges per the pricing formulas, reservations under concurrency, refusals. */
describe('relay billing', () => {
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
    await setOption(root, 'ModelRatio', JSON.stringify({ ...DEFAULT_MODEL_RATIO, 'my-model': 2 }));
    await setOption(root, 'CompletionRatio', JSON.stringify({ 'my-model': 3 }));
    await setOption(root, 'GroupRatio', JSON.stringify({ default: 1, vip: 2 }));
    await createChannel(root, {
      key: 'up-bill',
      base_url: mock.url,
      group: 'default,vip',
      models: 'gpt-4o,gpt-4o-mini,deepseek-chat,claude-sonnet-4-20250514,dall-e-3,my-model,unpriced-model,free-model',
    });
  });
  afterAll(async () => {
    db.close();
    await t.close();
    await mock.close();
  });
  beforeEach(() => mock.reset());

  const ledger = async (userId: number, tokenId: number) => ({
    user: await db.one('SELECT quota, used_quota, request_count FROM users WHERE id = ?', [userId]),
    token: await db.one('SELECT remain_quota, used_quota FROM tokens WHERE id = ?', [tokenId]),
  });

  // [model, group, usage, expected quota] — group × model × (prompt + completion × completion ratio [+ cached × cache ratio])
  const CASES: [string, string, Usage, number][] = [
    ['gpt-4o', 'default', { prompt_tokens: 1000, completion_tokens: 500 }, 3750], // 1.25 × (1000 + 500×4)
    [
      'gpt-4o',
      'default',
      { prompt_tokens: 1000, completion_tokens: 100, prompt_tokens_details: { cached_tokens: 600 } },
      1375,
    ], // 1.25 × (400 + 600×0.5 + 400)
    ['gpt-4o-mini', 'default', { prompt_tokens: 100, completion_tokens: 100 }, 38], // 0.075 × 500 = 37.5
    ['deepseek-chat', 'default', { prompt_tokens: 1000, completion_tokens: 1000 }, 685], // 0.135 × (1000 + 1000×4.074074)
    ['claude-sonnet-4-20250514', 'default', { prompt_tokens: 1000, completion_tokens: 1000 }, 9000], // 1.5 × 6000
    ['my-model', 'default', { prompt_tokens: 10, completion_tokens: 10 }, 80], // 2 × (10 + 10×3)
    ['gpt-4o', 'vip', { prompt_tokens: 100, completion_tokens: 50 }, 750], // 2 × 1.25 × 300
    ['gpt-4o-mini', 'default', { prompt_tokens: 1, completion_tokens: 0 }, 1], // rounds to 0: minimum 1
    // absurd usage: billed by the local count ("hi" = 1 + 6 framing; "Hello from the mock." = 5), never a credit
    ['gpt-4o', 'default', { prompt_tokens: -5, completion_tokens: 2 ** 63 }, 34], // 1.25 × (7 + 5×4)
  ];

  it.each(CASES)('%s in %s with %j costs %d', async (model, group, usage, want) => {
    const u = await fundedUser(root, `b${Math.floor(Math.random() * 1e9)}`.slice(0, 12), 2_000_000);
    const token = await createToken(u.client, { unlimited_quota: true, group });
    mock.setDefault({ usage });
    const before = await ledger(u.id, token.id);
    const client = new OpenAI({ apiKey: token.key, baseURL: `${t.url}/v1`, maxRetries: 0 });
    await client.chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] });
    const log = await eventually(() => db.one('SELECT * FROM logs WHERE type = 2 AND user_id = ?', [u.id]));
    expect(log.quota).toBe(want);
    const after = await eventually(async () => {
      const l = await ledger(u.id, token.id);
      return Number(l.user.request_count) === 1 ? l : null;
    });
    expect(Number(before.user.quota) - Number(after!.user.quota)).toBe(want);
    expect(Number(after!.user.used_quota)).toBe(want);
    expect(Number(after!.token.used_quota)).toBe(want);
    expect(Number(after!.user.quota)).toBeGreaterThanOrEqual(0);
  });

  it('pay per call: ModelPrice × QuotaPerUnit × group × n', async () => {
    const u = await fundedUser(root, 'percall', 1_000_000);
    const token = await createToken(u.client, { remain_quota: 1_000_000 });
    const client = new OpenAI({ apiKey: token.key, baseURL: `${t.url}/v1`, maxRetries: 0 });
    await client.images.generate({ model: 'dall-e-3', prompt: 'a cat', n: 2 });
    const log = await eventually(() => db.one('SELECT * FROM logs WHERE type = 2 AND user_id = ?', [u.id]));
    expect(log.quota).toBe(40_000); // 0.04 × 500000 × 2
    expect(JSON.parse(log.other)).toMatchObject({ model_price: 0.04 });
  });

  it('counts tokens locally when upstream reports no usage', async () => {
    const u = await fundedUser(root, 'nousage', 1_000_000);
    const token = await createToken(u.client, { remain_quota: 1_000_000 });
    mock.setDefault({ usage: null, content: 'Hello world, this is a reply.' });
    const client = new OpenAI({ apiKey: token.key, baseURL: `${t.url}/v1`, maxRetries: 0 });
    await client.chat.completions.create({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'Say hello to the world' }],
    });
    const log = await eventually(() => db.one('SELECT * FROM logs WHERE type = 2 AND user_id = ?', [u.id]), 15_000);
    // o200k: "Say hello to the world" = 5 tokens + 3 framing + 3 priming; "Hello world, this is a reply." = 8 tokens
    expect(log).toMatchObject({ prompt_tokens: 11, completion_tokens: 8 });
    expect(log.quota).toBe(Math.round(1.25 * (11 + 8 * 4)));
  });

  it('200 parallel requests on a token covering 50: at most 50 settled, none uncharged, balance never below 0', async () => {
    const u = await fundedUser(root, 'race', 100_000_000);
    await setOption(root, 'PreConsumedQuota', '0');
    // Prompt estimate 7 (framing 6 + "hi"), max_tokens 20 → reserve 1.25 × (7 + 80) = 109 = the real charge.
    mock.setDefault({ usage: { prompt_tokens: 7, completion_tokens: 20 }, delayMs: 30 });
    const token = await createToken(u.client, { remain_quota: 50 * 109 });
    const body = JSON.stringify({ model: 'gpt-4o', max_tokens: 20, messages: [{ role: 'user', content: 'hi' }] });
    const results = await Promise.all(
      Array.from({ length: 200 }, () =>
        fetch(`${t.url}/v1/chat/completions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token.key}`, 'content-type': 'application/json' },
          body,
        }).then((r) => r.status),
      ),
    );
    const ok = results.filter((s) => s === 200).length;
    expect(ok).toBeLessThanOrEqual(50);
    expect(ok).toBeGreaterThan(0);
    expect(results.filter((s) => s !== 200).every((s) => s === 403)).toBe(true);
    // Refused requests never reached the upstream.
    expect(mock.requests.length).toBe(ok);
    const logs = await eventually(async () => {
      const rows = await db.all('SELECT quota FROM logs WHERE type = 2 AND user_id = ?', [u.id]);
      return rows.length === ok ? rows : null;
    });
    expect(logs!.every((l) => l.quota === 109)).toBe(true);
    await sleep(200);
    const after = await ledger(u.id, token.id);
    expect(Number(after.token.remain_quota)).toBe(50 * 109 - ok * 109);
    expect(Number(after.token.remain_quota)).toBeGreaterThanOrEqual(0);
    expect(Number(after.token.used_quota)).toBe(ok * 109);
    expect(100_000_000 - Number(after.user.quota)).toBe(ok * 109);
    await setOption(root, 'PreConsumedQuota', '500');
  });

  it('refuses unpriced models unless self-use mode or the user accepts them', async () => {
    const u = await fundedUser(root, 'unpriced', 1_000_000);
    const token = await createToken(u.client, { remain_quota: 1_000_000 });
    const client = new OpenAI({ apiKey: token.key, baseURL: `${t.url}/v1`, maxRetries: 0 });
    await expect(client.chat.completions.create({ model: 'unpriced-model', messages: [] })).rejects.toMatchObject({
      status: 403,
      code: 'model_price_not_set',
    });
    expect(mock.requests).toHaveLength(0);
    await u.client.put('/api/user/setting', { notify_type: 'email', accept_unset_model_ratio_model: true });
    await client.chat.completions.create({ model: 'unpriced-model', messages: [{ role: 'user', content: 'x' }] });
    const log = await eventually(() => db.one('SELECT * FROM logs WHERE type = 2 AND user_id = ?', [u.id]));
    expect(log.quota).toBe(1125); // UnsetModelRatio 37.5 × (10 + 20): never free
  });

  it('refuses exhausted, expired and disabled tokens, banned users and foreign IPs before any upstream call', async () => {
    const u = await fundedUser(root, 'refusals', 1_000_000);
    const call = (key: string) =>
      fetch(`${t.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content: 'x' }] }),
      });
    const empty = await createToken(u.client, { remain_quota: 0 });
    expect((await call(empty.key)).status).toBe(403);
    const expired = await createToken(u.client, { expired_time: Math.floor(Date.now() / 1000) - 10 });
    expect((await call(expired.key)).status).toBe(403);
    const ipLocked = await createToken(u.client, { allow_ips: '10.9.9.9' });
    expect((await call(ipLocked.key)).status).toBe(403);
    const live = await createToken(u.client);
    expect((await call(live.key)).status).toBe(200);
    await u.client.put('/api/token/?status_only=true', { id: live.id, status: 2 });
    expect((await call(live.key)).status).toBe(403);
    await u.client.put('/api/token/?status_only=true', { id: live.id, status: 1 });
    expect((await call(live.key)).status).toBe(200);
    await root.post('/api/user/manage', { id: u.id, action: 'disable' });
    const banned = await call(live.key);
    expect(banned.status).toBe(403);
    expect((await banned.json()).error.code).toBe('user_banned');
    expect(mock.requests).toHaveLength(2);
  });
});

describe('relay billing survives kill -9', () => {
  it('after kill -9 right after the responses, no completed request is free of charge', async () => {
    const mock = new MockUpstream();
    await mock.start();
    const t = await startApp({ BATCH_UPDATE_INTERVAL_MS: '60000' });
    try {
      const root = await setupRoot(t.url);
      await createChannel(root, { key: 'up-kill', base_url: mock.url, models: 'gpt-4o' });
      const u = await fundedUser(root, 'killed', 1_000_000);
      const token = await createToken(u.client, { remain_quota: 1_000_000 });
      const client = new OpenAI({ apiKey: token.key, baseURL: `${t.url}/v1`, maxRetries: 0 });
      for (let i = 0; i < 10; i++)
        await client.chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'x' }] });
      // Settlements are still queued (60 s batch window): only the reservations are on disk.
      t.process.kill('SIGKILL');
      await new Promise((r) => t.process.once('exit', r));
      const db = Db.open(t);
      const user = await db.one('SELECT quota FROM users WHERE id = ?', [u.id]);
      const tok = await db.one('SELECT remain_quota FROM tokens WHERE id = ?', [token.id]);
      db.close();
      const charge = 113; // 1.25 × (10 + 20 × 4), the real price of each request
      expect(1_000_000 - Number(user.quota)).toBeGreaterThanOrEqual(10 * charge);
      expect(1_000_000 - Number(tok.remain_quota)).toBeGreaterThanOrEqual(10 * charge);
    } finally {
      await t.close();
      await mock.close();
    }
  });
});
