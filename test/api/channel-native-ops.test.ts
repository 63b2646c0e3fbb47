/** Channel test, model fetch and balance for native upstreams and the OpenAI family (issue: native channel operations). */
import { AUTH_ERRORS, CATALOG, CATALOG_DELAY_MS, CatalogMock } from '../mock-upstream/catalog-mock';
import { ApiClient } from '../support/api-client';
import { setOption, setupRoot } from '../support/fixtures';
import { createChannel } from '../support/relay-fixtures';
import { startApp, type TestApp } from '../support/test-app';

const EN = { 'accept-language': 'en' };
/** Not key-shaped on purpose: only the gateway's own redaction (by the channel's keys) can hide it. */
const BAD_KEY = 'bad-NATIVEKEYMARKER-0123456789';

interface Case {
  name: keyof typeof CATALOG;
  type: number;
  model: string;
  /** Path prefix of the chat call and of the model list, and the header carrying the key there. */
  chatPath: string;
  listPath: string;
  keyHeader: string;
  other?: string;
}

const CASES: Case[] = [
  {
    name: 'anthropic',
    type: 14,
    model: 'claude-sonnet-4-5',
    chatPath: '/v1/messages',
    listPath: '/v1/models?limit=1000',
    keyHeader: 'x-api-key',
  },
  {
    name: 'gemini',
    type: 24,
    model: 'gemini-2.0-flash',
    chatPath: '/v1beta/models/gemini-2.0-flash:generateContent',
    listPath: '/v1beta/models?pageSize=1000',
    keyHeader: 'x-goog-api-key',
  },
  {
    name: 'azure',
    type: 3,
    model: 'gpt-4.1',
    other: '2025-01-01-preview',
    chatPath: '/openai/deployments/gpt-41/chat/completions?api-version=2025-01-01-preview',
    listPath: '/openai/models?api-version=2025-01-01-preview',
    keyHeader: 'api-key',
  },
  {
    name: 'ollama',
    type: 4,
    model: 'llama3.2',
    chatPath: '/api/chat',
    listPath: '/api/tags',
    keyHeader: 'authorization',
  },
  {
    name: 'openai',
    type: 25,
    model: 'moonshot-v1-8k',
    chatPath: '/v1/chat/completions',
    listPath: '/v1/models',
    keyHeader: 'authorization',
  },
];

/** The provider's own message for a bad key, as the mock words it. */
function authMessage(c: Case): string {
  const body = AUTH_ERRORS[c.name]('[redacted]') as { error: string | { message: string } };
  return typeof body.error === 'string' ? body.error : body.error.message;
}

describe('channel operations on native upstreams', () => {
  let t: TestApp;
  let mock: CatalogMock;
  let root: ApiClient;
  const channel = (c: Case, key: string) =>
    createChannel(root, {
      type: c.type,
      name: `${c.name}-${key.slice(0, 4)}`,
      key,
      base_url: mock.url,
      models: c.model,
      other: c.other,
    });

  beforeAll(async () => {
    mock = new CatalogMock();
    await mock.start();
    t = await startApp();
    root = await setupRoot(t.url);
  });
  afterAll(async () => {
    await t.close();
    await mock.close();
  });

  describe.each(CASES)('$name (type $type)', (c) => {
    it('channel test passes through the adaptor and records the response time', async () => {
      const id = await channel(c, 'good-key');
      const res = await root.get(`/api/channel/test/${id}`, EN);
      expect(res.body).toMatchObject({ success: true, message: '' });
      const req = mock.last(c.chatPath.split('?')[0])!;
      expect(`${req.method} ${req.path}`).toBe(`POST ${c.chatPath}`);
      expect(String(req.headers[c.keyHeader])).toMatch(/good-key$/);
      const row = (await root.get(`/api/channel/${id}`)).body.data;
      expect(row.response_time).toBeGreaterThanOrEqual(CATALOG_DELAY_MS);
      expect(row.test_time).toBeGreaterThan(0);
      await root.delete(`/api/channel/${id}`);
    });

    it("a bad key fails the test with the provider's own message, key redacted", async () => {
      const id = await channel(c, BAD_KEY);
      const res = await root.get(`/api/channel/test/${id}`, EN);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toBe(`The upstream answered with an error: ${authMessage(c)} (status 401)`);
      expect(JSON.stringify(res.body)).not.toContain(BAD_KEY);
      await root.delete(`/api/channel/${id}`);
    });

    it('fetches models for an existing channel and for a new one', async () => {
      const id = await channel(c, 'good-key');
      const existing = await root.get(`/api/channel/fetch_models/${id}`);
      expect(existing.body).toMatchObject({ success: true, data: [...CATALOG[c.name]] });
      const req = mock.last(c.listPath.split('?')[0])!;
      expect(`${req.method} ${req.path}`).toBe(`GET ${c.listPath}`);
      expect(String(req.headers[c.keyHeader])).toMatch(/good-key$/);
      const fresh = await root.post('/api/channel/fetch_models', {
        type: c.type,
        base_url: mock.url,
        key: 'good-new\nsecond',
        other: c.other,
      });
      expect(fresh.body.data).toEqual([...CATALOG[c.name]]);
      expect(String(mock.last(c.listPath.split('?')[0])!.headers[c.keyHeader])).toMatch(/good-new$/);
      await root.delete(`/api/channel/${id}`);
    });

    it("a failing model fetch carries the provider's message, key redacted", async () => {
      const res = await root.post(
        '/api/channel/fetch_models',
        { type: c.type, base_url: mock.url, key: BAD_KEY, other: c.other },
        EN,
      );
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(`Failed to fetch the model list: ${authMessage(c)} (status 401)`);
      expect(JSON.stringify(res.body)).not.toContain(BAD_KEY);
    });
  });

  it('a 200 that is not a chat completion fails the test', async () => {
    const id = await createChannel(root, {
      type: 14,
      name: 'html',
      key: 'html-good',
      base_url: mock.url,
      models: 'claude-sonnet-4-5',
    });
    const res = await root.get(`/api/channel/test/${id}`, EN);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toContain('The upstream answer is not a usable chat completion: the answer is not JSON');
    await root.delete(`/api/channel/${id}`);
  });

  it('types without a model listing say so', async () => {
    const res = await root.post(
      '/api/channel/fetch_models',
      { type: 8, base_url: `${mock.url}/v1/chat/completions`, key: 'good-key' },
      EN,
    );
    expect([res.status, res.body.message]).toEqual([400, 'This channel type does not support this operation yet']);
  });

  it.each([
    [25, 'Moonshot', 49.58894],
    [40, 'SiliconFlow', 88.88],
    [20, 'OpenRouter', 20.25],
  ])('balance of type %i (%s)', async (type, name, balance) => {
    const id = await createChannel(root, { type, name, key: 'good-key', base_url: mock.url, models: 'm' });
    const res = await root.get(`/api/channel/update_balance/${id}/`);
    expect(res.body).toMatchObject({ success: true, balance });
    expect((await root.get(`/api/channel/${id}`)).body.data).toMatchObject({
      balance,
      balance_updated_time: expect.any(Number),
    });
    await root.delete(`/api/channel/${id}`);
  });

  it('balance errors carry the provider message; native types report no balance', async () => {
    const bad = await createChannel(root, { type: 25, name: 'ms-bad', key: BAD_KEY, base_url: mock.url, models: 'm' });
    const res = await root.get(`/api/channel/update_balance/${bad}`, EN);
    expect([res.status, res.body.message]).toEqual([
      400,
      'Balance query failed: Invalid Authentication: [redacted] (status 401)',
    ]);
    const claude = await createChannel(root, {
      type: 14,
      name: 'cl-bal',
      key: 'good-key',
      base_url: mock.url,
      models: 'm',
    });
    const un = await root.get(`/api/channel/update_balance/${claude}`, EN);
    expect([un.status, un.body.message]).toEqual([400, 'This channel type does not report a balance']);
    await root.post('/api/channel/batch', { ids: [bad, claude] });
  });

  it('a native 401 auto-disables when enabled; a passing test re-enables', async () => {
    await setOption(root, 'AutomaticDisableChannelEnabled', 'true');
    await setOption(root, 'AutomaticEnableChannelEnabled', 'true');
    const id = await createChannel(root, {
      type: 24,
      name: 'gem-flaky',
      key: BAD_KEY,
      base_url: mock.url,
      models: 'gemini-2.0-flash',
    });
    await root.get(`/api/channel/test/${id}`);
    const off = (await root.get(`/api/channel/${id}`)).body.data;
    expect(off.status).toBe(3);
    expect(JSON.parse(off.other_info).status_reason).toContain('API key not valid');
    await root.put('/api/channel/', { id, key: 'good-key' });
    expect((await root.get(`/api/channel/test/${id}`)).body.success).toBe(true);
    expect((await root.get(`/api/channel/${id}`)).body.data.status).toBe(1);
    expect(t.output()).not.toContain(BAD_KEY);
    await root.delete(`/api/channel/${id}`);
  });
});
