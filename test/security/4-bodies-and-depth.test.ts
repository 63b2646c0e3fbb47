import { MockUpstream } from '../mock-upstream/mock-upstream';
import { NativeMock } from '../mock-upstream/native-mock';
import { ApiClient } from '../support/api-client';
import { createUser, setupRoot } from '../support/fixtures';
import { createChannel, createToken, fundedUser } from '../support/relay-fixtures';
import { startApp, type TestApp } from '../support/test-app';

const MB30 = 30 * 1024 * 1024;

/** `levels` nested arrays: `[[[…]]]`. */
const nestedArrays = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

/** The nesting depth of a parsed JSON value (objects and arrays count one level each). */
function depthOf(v: unknown): number {
  if (v === null || typeof v !== 'object') return 0;
  const children = Array.isArray(v) ? v : Object.values(v);
  return 1 + children.reduce<number>((m, c) => Math.max(m, depthOf(c)), 0);
}

/**
 * A chat request whose tool schema nests until the whole body is `depth` levels deep (tool
 * schemas are where legitimate clients nest deepest).
 */
function chatWithDeepTool(depth: number): string {
  // body → tools → tool → function → parameters: the schema chain adds the rest.
  let schema: unknown = { type: 'string' };
  for (let d = depthOf({ tools: [{ function: { parameters: schema } }] }); d < depth; d++) schema = { items: schema };
  const body = {
    model: 'gpt-4o',
    messages: [{ role: 'user', content: 'hi' }],
    tools: [{ type: 'function', function: { name: 'f', parameters: schema } }],
  };
  if (depthOf(body) !== depth) throw new Error(`built depth ${depthOf(body)}, wanted ${depth}`);
  return JSON.stringify(body);
}

/**
 * Item 4: bodies and nesting are bounded before any work. Anonymous routes take at most 64 KB and
 * answer 413 as soon as the declared length or the received count passes it; JSON deeper than 64
 * levels is a 400 on every route, in the error format of the route.
 */
describe('security 4: bodies and depth are bounded before work', () => {
  let t: TestApp;
  let mock: MockUpstream;
  let native: NativeMock;
  let root: ApiClient;
  let key: string;
  const anonymous = () => new ApiClient(t.url);
  const relayPost = (path: string, body: string) =>
    fetch(`${t.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'x-api-key': key, 'content-type': 'application/json' },
      body,
    });

  beforeAll(async () => {
    mock = new MockUpstream();
    native = new NativeMock();
    await Promise.all([mock.start(), native.start()]);
    t = await startApp();
    root = await setupRoot(t.url);
    await createChannel(root, { key: 'up-depth', base_url: mock.url, models: 'gpt-4o' });
    await createChannel(root, {
      type: 14,
      key: 'sk-ant-depth',
      base_url: native.url,
      models: 'claude-3-5-haiku-20241022',
    });
    const user = await fundedUser(root, 'depth-user', 100_000_000);
    ({ key } = await createToken(user.client, { remain_quota: 50_000_000 }));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await mock?.close();
    await native?.close();
  });
  beforeEach(() => mock.reset());

  it('a 30 MB login body gets 413 while the upload is still incomplete', async () => {
    const res = await anonymous().streamUpload('POST', '/api/user/login', { totalBytes: MB30 });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ success: false, data: null, message: '请求体过大' });
    expect(res.written).toBeLessThan(res.totalBytes);
  });

  it('a chunked login body without Content-Length gets 413 once it passes 64 KB, before the upload ends', async () => {
    const res = await anonymous().streamUpload('POST', '/api/user/login', { totalBytes: MB30, chunked: true });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ success: false, data: null, message: '请求体过大' });
    expect(res.written).toBeLessThan(res.totalBytes);
  });

  it.each([
    ['/api/user/register', false],
    ['/api/user/register', true],
    ['/api/setup', false],
    ['/api/setup', true],
  ])('%s refuses a 30 MB body (chunked: %s) with 413 before reading it', async (path, chunked) => {
    const res = await anonymous().streamUpload('POST', path, { totalBytes: MB30, chunked });
    expect(res.status).toBe(413);
    expect(res.body.success).toBe(false);
    expect(res.written).toBeLessThan(res.totalBytes);
  });

  it('an unknown path (anonymous by nature) gets the same cap: 413 before the upload ends, not 404 after it', async () => {
    const res = await anonymous().streamUpload('POST', '/api/no-such-route', { totalBytes: MB30, chunked: true });
    expect(res.status).toBe(413);
    expect(res.written).toBeLessThan(res.totalBytes);
  });

  it('an anonymous body just under 64 KB is still read (the login answers, not 413)', async () => {
    const res = await anonymous().raw('POST', '/api/user/login', JSON.stringify({ username: 'x'.repeat(60_000) }));
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
  });

  it('authenticated console routes still take bodies over 64 KB', async () => {
    // Quotes travel escaped: an 80 KB body that stores 40 KB (within a TEXT column on MariaDB).
    const notice = '"'.repeat(40_000);
    const body = JSON.stringify({ key: 'Notice', value: notice });
    expect(Buffer.byteLength(body)).toBeGreaterThan(64 * 1024);
    const res = await root.raw('PUT', '/api/option/', body);
    expect(res.status).toBe(200);
    expect((await anonymous().get('/api/notice')).body.data).toBe(notice);
  });

  // A long conversation (a coding agent's, say) passes 64 KB early: each relay format's route is an
  // authenticated one, whichever way it is registered.
  const long = 'x'.repeat(200 * 1024);
  it.each([
    ['OpenAI', '/v1/chat/completions', { model: 'gpt-4o', messages: [{ role: 'user', content: long }] }],
    ['Anthropic', '/v1/messages', { model: 'gpt-4o', max_tokens: 5, messages: [{ role: 'user', content: long }] }],
    ['Gemini', '/v1beta/models/gpt-4o:generateContent', { contents: [{ role: 'user', parts: [{ text: long }] }] }],
    ['Responses', '/v1/responses', { model: 'gpt-4o', input: long }],
  ])('%s relay bodies over 64 KB are relayed (%s)', async (_, path, body) => {
    const res = await relayPost(path, JSON.stringify(body));
    expect(res.status).toBe(200);
    expect(mock.requests).toHaveLength(1);
  });

  it.each([
    ['OpenAI, no key', '/v1/chat/completions', {}, { error: { code: 'invalid_api_key', message: '未提供令牌' } }],
    [
      'OpenAI, a wrong key',
      '/v1/chat/completions',
      { authorization: 'Bearer sk-not-a-key-of-this-gateway' },
      { error: { code: 'invalid_api_key', type: 'invalid_request_error', message: '无效的令牌' } },
    ],
    [
      'Anthropic /v1/messages, a wrong x-api-key',
      '/v1/messages',
      { 'x-api-key': 'sk-not-a-key-of-this-gateway' },
      { type: 'error', error: { type: 'authentication_error', message: '无效的令牌' } },
    ],
    [
      'Gemini /v1beta, a wrong ?key=',
      '/v1beta/models/gemini-pro:generateContent?key=sk-not-a-key-of-this-gateway',
      {},
      { error: { code: 401, status: 'UNAUTHENTICATED', message: '无效的令牌' } },
    ],
  ])('a 30 MB relay body without a valid key gets 401 before the upload ends (%s)', async (_, path, headers, body) => {
    const res = await anonymous().streamUpload('POST', path, { totalBytes: MB30, headers });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject(body);
    expect(res.written).toBeLessThan(res.totalBytes);
    expect(mock.requests).toHaveLength(0);
  });

  it.each([
    ['no session', 'PUT', '/api/option/', {}, '未登录或登录已过期，请重新登录'],
    ['no session', 'POST', '/api/channel/', {}, '未登录或登录已过期，请重新登录'],
    [
      'a wrong access token',
      'POST',
      '/api/channel/',
      { authorization: 'not-a-token', 'new-api-user': '1' },
      '无权进行此操作，access token 无效',
    ],
  ])(
    'a 30 MB console body without a session gets 401 before the upload ends (%s, %s %s)',
    async (_, method, path, headers, message) => {
      const res = await anonymous().streamUpload(method, path, { totalBytes: MB30, headers });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, data: null, message });
      expect(res.written).toBeLessThan(res.totalBytes);
    },
  );

  it('a signed-in user sending 30 MB to a root route gets 403 before the upload ends', async () => {
    const user = await createUser(root, 'bigbody');
    const res = await user.client.streamUpload('PUT', '/api/option/', { totalBytes: MB30 });
    expect(res.status).toBe(403);
    expect(res.body.success).toBe(false);
    expect(res.written).toBeLessThan(res.totalBytes);
  });

  it('a chunked body without credentials gets 401 before the upload ends (relay and console)', async () => {
    const relay = await anonymous().streamUpload('POST', '/v1/chat/completions', { totalBytes: MB30, chunked: true });
    expect(relay.status).toBe(401);
    expect(relay.body).toMatchObject({ error: { code: 'invalid_api_key' } });
    expect(relay.written).toBeLessThan(relay.totalBytes);

    const console = await anonymous().streamUpload('PUT', '/api/option/', { totalBytes: MB30, chunked: true });
    expect(console.status).toBe(401);
    expect(console.body.success).toBe(false);
    expect(console.written).toBeLessThan(console.totalBytes);
  });

  it('a chunked body over 64 KB with a valid key or session is still taken (relay and console)', async () => {
    const chunked = (path: string, method: string, headers: Record<string, string>, body: string) =>
      fetch(`${t.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...headers },
        body: new Blob([body]).stream(),
        duplex: 'half',
      } as RequestInit);
    const chat = await chunked(
      '/v1/chat/completions',
      'POST',
      { authorization: `Bearer ${key}` },
      JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content: 'y'.repeat(200 * 1024) }] }),
    );
    expect(chat.status).toBe(200);
    expect(mock.requests).toHaveLength(1);

    // 80 KB on the wire, 40 KB stored (a TEXT column on MariaDB), as above.
    const notice = '"'.repeat(40_000);
    const option = await chunked(
      '/api/option/',
      'PUT',
      root.sessionHeaders(),
      JSON.stringify({ key: 'Notice', value: notice }),
    );
    expect(option.status).toBe(200);
    expect((await anonymous().get('/api/notice')).body.data).toBe(notice);
  });

  it('a 10,000-deep JSON username gets 400 with a clear message (not 500)', async () => {
    const res = await anonymous().raw(
      'POST',
      '/api/user/login',
      `{"username":${nestedArrays(10_000)},"password":"p"}`,
      { 'accept-language': 'en' },
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, data: null, message: 'JSON nesting is too deep (at most 64 levels)' });
  });

  it('deep nesting on an authenticated /api route gets 400 as well', async () => {
    const res = await root.raw('PUT', '/api/option/', `{"key":"Notice","value":${nestedArrays(100)}}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, data: null, message: 'JSON 嵌套层级过深（最多 64 层）' });
  });

  it('deep messages on /v1/chat/completions get 400 in the OpenAI error format (not 502), upstream untouched', async () => {
    const res = await relayPost(
      '/v1/chat/completions',
      `{"model":"gpt-4o","messages":[{"role":"user","content":${nestedArrays(10_000)}}]}`,
    );
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({ type: 'invalid_request_error', code: 'common.json_too_deep' });
    expect(mock.requests).toHaveLength(0);
  });

  it('deep messages on Anthropic /v1/messages get 400 in the Anthropic error format', async () => {
    const res = await relayPost(
      '/v1/messages',
      `{"model":"gpt-4o","max_tokens":5,"messages":[{"role":"user","content":${nestedArrays(10_000)}}]}`,
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
    expect(mock.requests).toHaveLength(0);
  });

  it('a body exactly 64 levels deep is still relayed; 65 levels is refused', async () => {
    const ok = await relayPost('/v1/chat/completions', chatWithDeepTool(64));
    expect(ok.status).toBe(200);
    expect(mock.requests).toHaveLength(1);
    expect(depthOf(mock.requests[0].body)).toBe(64);
    const deep = await relayPost('/v1/chat/completions', chatWithDeepTool(65));
    expect(deep.status).toBe(400);
    expect(mock.requests).toHaveLength(1);
  });

  it('nesting hidden in a JSON string (tool-call arguments) is dropped in conversion, not a 500 or 502', async () => {
    const res = await relayPost(
      '/v1/chat/completions',
      JSON.stringify({
        model: 'claude-3-5-haiku-20241022',
        messages: [
          { role: 'user', content: 'call f' },
          {
            role: 'assistant',
            content: null,
            tool_calls: [
              { id: 'c1', type: 'function', function: { name: 'f', arguments: `{"a":${nestedArrays(10_000)}}` } },
            ],
          },
          { role: 'tool', tool_call_id: 'c1', content: 'done' },
        ],
      }),
    );
    expect(res.status).toBe(200);
    const sent = native.requests.at(-1)!.body;
    expect(sent.messages[1].content).toEqual([{ type: 'tool_use', id: 'c1', name: 'f', input: {} }]);
  });

  it('JSON text nested 10,000 deep inside an option value is refused, and /api/status keeps answering', async () => {
    const res = await root.put('/api/option/', { key: 'Chats', value: nestedArrays(10_000) });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect((await anonymous().get('/api/status')).status).toBe(200);
  });
});
