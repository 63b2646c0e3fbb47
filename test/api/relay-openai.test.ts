import OpenAI from 'openai';
import { MockUpstream } from '../mock-upstream/mock-upstream';
import { ApiClient } from '../support/api-client';
import { setupRoot } from '../support/fixtures';
import { createChannel, createToken, Db, eventually, fundedUser } from '../support/relay-fixtures';
import { startApp, type TestApp } from '../support/test-app';

/** The official openai client against the gateway, with a mock upstream behind it. */
describe('relay: OpenAI SDK end to end', () => {
  let t: TestApp;
  let mock: MockUpstream;
  let root: ApiClient;
  let db: Db;
  let user: Awaited<ReturnType<typeof fundedUser>>;
  let key: string;
  let tokenId: number;
  let client: OpenAI;

  beforeAll(async () => {
    mock = new MockUpstream();
    await mock.start();
    t = await startApp();
    db = Db.open(t);
    root = await setupRoot(t.url);
    await createChannel(root, {
      key: 'up-main',
      base_url: mock.url,
      models: 'gpt-4o,gpt-4o-mini,text-embedding-3-small',
    });
    await createChannel(root, {
      key: 'up-alias',
      base_url: mock.url,
      models: 'gpt-4.1',
      model_mapping: JSON.stringify({ 'gpt-4.1': 'gpt-4.1-2025-04-14' }),
    });
    user = await fundedUser(root, 'alice', 10_000_000);
    ({ key, id: tokenId } = await createToken(user.client, { remain_quota: 5_000_000 }));
    client = new OpenAI({ apiKey: key, baseURL: `${t.url}/v1`, maxRetries: 0 });
  });
  afterAll(async () => {
    db.close();
    await t.close();
    await mock.close();
  });
  beforeEach(() => mock.reset());

  it('plain chat: answer, exact charge and a consumption log', async () => {
    const before = await db.one('SELECT quota FROM users WHERE id = ?', [user.id]);
    const res = await client.chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] });
    expect(res.choices[0].message.content).toBe('Hello from the mock.');
    expect(res.usage).toMatchObject({ prompt_tokens: 10, completion_tokens: 20 });
    // The upstream got the key of the channel, never the client's.
    expect(mock.requests[0].headers.authorization).toBe('Bearer up-main');
    // gpt-4o: ratio 1.25, completion ratio 4 → 1.25 × (10 + 20 × 4) = 112.5 → 113
    const log = await eventually(() =>
      db.one('SELECT * FROM logs WHERE type = 2 AND user_id = ? ORDER BY id DESC', [user.id]),
    );
    expect(log).toMatchObject({
      model_name: 'gpt-4o',
      prompt_tokens: 10,
      completion_tokens: 20,
      quota: 113,
      token_id: tokenId,
      channel_name: 'ch-up-main',
    });
    expect(JSON.parse(log.other)).toMatchObject({
      model_ratio: 1.25,
      completion_ratio: 4,
      group_ratio: 1,
      model_price: -1,
    });
    const after = await db.one('SELECT quota, used_quota, request_count FROM users WHERE id = ?', [user.id]);
    expect(Number(before.quota) - Number(after.quota)).toBe(113);
    expect(after).toMatchObject({ request_count: 1 });
  });

  it('streamed chat: events pass through, the usage chunk we added is stripped, usage billed', async () => {
    const stream = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'count' }],
      stream: true,
    });
    const parts: string[] = [];
    let sawUsage = false;
    for await (const chunk of stream) {
      parts.push(chunk.choices[0]?.delta?.content ?? '');
      if (chunk.usage) sawUsage = true;
    }
    expect(parts.join('')).toBe('tok0 tok1 tok2 ');
    expect(sawUsage).toBe(false);
    // We asked upstream for usage on the client's behalf.
    expect(mock.requests[0].body.stream_options).toEqual({ include_usage: true });
    const log = await eventually(() =>
      db.one("SELECT * FROM logs WHERE type = 2 AND model_name = 'gpt-4o-mini' ORDER BY id DESC"),
    );
    // gpt-4o-mini: 0.075 × (10 + 20 × 4) = 6.75 → 7
    expect(log).toMatchObject({ is_stream: 1, prompt_tokens: 10, completion_tokens: 20, quota: 7 });
    expect(JSON.parse(log.other).frt).toBeGreaterThanOrEqual(0);
  });

  it('streamed chat with include_usage from the client keeps the usage chunk', async () => {
    const stream = await client.chat.completions.create({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'count' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let usage: unknown = null;
    for await (const chunk of stream) if (chunk.usage) usage = chunk.usage;
    expect(usage).toMatchObject({ prompt_tokens: 10, completion_tokens: 20 });
  });

  const postRaw = (text: string) =>
    fetch(`${t.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: text,
    });

  it('a body passed on unchanged reaches the upstream byte for byte (spacing, escapes, integers past 2^53)', async () => {
    const text =
      '{ "model": "gpt-4o",\n  "seed": 12345678901234567890,\n  "messages": [{"role": "user", "content": "h\\u00e9"}] }';
    const res = await postRaw(text);
    expect(res.status).toBe(200);
    await res.json();
    expect(mock.requests[0].raw.toString('utf8')).toBe(text);
  });

  it('a body naming a field twice is serialised again: the upstream reads the model that is billed', async () => {
    const res = await postRaw('{"model":"gpt-4o-mini","model":"gpt-4o","messages":[{"role":"user","content":"hi"}]}');
    expect(res.status).toBe(200);
    await res.json();
    const sent = mock.requests[0].raw.toString('utf8');
    expect(sent).not.toContain('gpt-4o-mini');
    expect(JSON.parse(sent)).toMatchObject({ model: 'gpt-4o' });
    const requestId = res.headers.get('x-oneapi-request-id');
    const log = await eventually(() =>
      db.one('SELECT model_name FROM logs WHERE type = 2 AND request_id = ?', [requestId]),
    );
    expect(log.model_name).toBe('gpt-4o');
  });

  // Spacing, an escape and an integer past 2^53: what a re-serialisation would change.
  const spelt = (model: string, rest = '') =>
    `{ "model": "${model}",\n  "seed": 12345678901234567890,${rest}\n  "messages": [{"role": "user", "content": "h\\u00e9"}] }`;

  it("a stream whose client did not ask for usage goes as the client's bytes with the usage request added", async () => {
    const text = spelt('gpt-4o', ' "stream": true,');
    const res = await postRaw(text);
    expect(res.status).toBe(200);
    const events = await res.text();
    expect(mock.requests[0].raw.toString('utf8')).toBe(
      text.replace(/ \}$/, ' ,"stream_options":{"include_usage":true}}'),
    );
    // The usage the gateway asked for is billed, and not passed on to a client that did not ask for it.
    expect(events).toContain('"usage":null');
    expect(events).not.toMatch(/"usage":\{/);
    const requestId = res.headers.get('x-oneapi-request-id');
    const log = await eventually(() =>
      db.one('SELECT prompt_tokens, completion_tokens FROM logs WHERE type = 2 AND request_id = ?', [requestId]),
    );
    expect(log).toMatchObject({ prompt_tokens: 10, completion_tokens: 20 });
  });

  it("a mapped model goes as the client's bytes with only the model's value changed", async () => {
    const res = await postRaw(spelt('gpt-4.1'));
    expect(res.status).toBe(200);
    await res.json();
    expect(mock.requests[0].raw.toString('utf8')).toBe(spelt('gpt-4.1-2025-04-14'));
    // A stream of it: the model's value and the usage request, both edited in.
    const streamed = await postRaw(spelt('gpt-4.1', ' "stream": true,'));
    expect(streamed.status).toBe(200);
    await streamed.text();
    expect(mock.requests[1].raw.toString('utf8')).toBe(
      spelt('gpt-4.1-2025-04-14', ' "stream": true,').replace(/ \}$/, ' ,"stream_options":{"include_usage":true}}'),
    );
  });

  it('chat with tools returns the tool call', async () => {
    const res = await client.chat.completions.create({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'weather in Paris?' }],
      tools: [
        {
          type: 'function',
          function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } },
        },
      ],
    });
    const call = res.choices[0].message.tool_calls?.[0];
    expect(call?.type === 'function' && call.function).toMatchObject({
      name: 'get_weather',
      arguments: '{"city":"Paris"}',
    });
    expect(mock.requests[0].body.tools[0].function.name).toBe('get_weather');
  });

  it('embeddings', async () => {
    const res = await client.embeddings.create({ model: 'text-embedding-3-small', input: ['a', 'b'] });
    expect(res.data).toHaveLength(2);
    const log = await eventually(() =>
      db.one("SELECT * FROM logs WHERE type = 2 AND model_name = 'text-embedding-3-small'"),
    );
    // 0.01 × 10 = 0.1 → minimum charge 1
    expect(log).toMatchObject({ prompt_tokens: 10, completion_tokens: 0, quota: 1 });
  });

  it('models list: only what the key may use', async () => {
    const all = await client.models.list();
    expect(all.data.map((m) => m.id).sort()).toEqual(['gpt-4.1', 'gpt-4o', 'gpt-4o-mini', 'text-embedding-3-small']);
    const limited = await createToken(user.client, { model_limits_enabled: true, model_limits: 'gpt-4o-mini' });
    const lc = new OpenAI({ apiKey: limited.key, baseURL: `${t.url}/v1`, maxRetries: 0 });
    expect((await lc.models.list()).data.map((m) => m.id)).toEqual(['gpt-4o-mini']);
    expect((await lc.models.retrieve('gpt-4o-mini')).id).toBe('gpt-4o-mini');
    await expect(lc.models.retrieve('gpt-4o')).rejects.toMatchObject({ status: 404 });
    await expect(lc.chat.completions.create({ model: 'gpt-4o', messages: [] })).rejects.toMatchObject({ status: 403 });
  });

  it('errors use the OpenAI error object with the right status', async () => {
    const bad = new OpenAI({ apiKey: 'sk-' + 'x'.repeat(48), baseURL: `${t.url}/v1`, maxRetries: 0 });
    await expect(bad.chat.completions.create({ model: 'gpt-4o', messages: [] })).rejects.toMatchObject({
      status: 401,
      code: 'invalid_api_key',
    });
    await expect(client.chat.completions.create({ model: 'no-such-model', messages: [] })).rejects.toMatchObject({
      status: 403,
    });
    await root.put('/api/option/', {
      key: 'ModelRatio',
      value: JSON.stringify({ 'gpt-4o': 1.25, 'unrouted-model': 1 }),
    });
    await expect(client.chat.completions.create({ model: 'unrouted-model', messages: [] })).rejects.toMatchObject({
      status: 503,
      code: 'model_not_available',
    });
    await root.post('/api/option/rest_model_ratio');
    const raw = await fetch(`${t.url}/v1/files`, { headers: { authorization: `Bearer ${key}` } });
    expect(raw.status).toBe(501);
    expect((await raw.json()).error).toMatchObject({ type: 'invalid_request_error', code: 'not_implemented' });
  });
});
