import Anthropic from '@anthropic-ai/sdk';
import { ANTHROPIC_OVERLOADED, OVERLOADED } from '../mock-upstream/native-mock';
import type { Ledger } from '../support/ledger';
import { createChannel, createToken, fundedUser } from '../support/relay-fixtures';
import { RelayHarness } from '../support/relay-harness';

/**
 * The official Anthropic SDK through POST /v1/messages: converted onto an OpenAI channel, passed
 * through untouched onto an Anthropic channel; plain, streamed and with a tool call; exact billing.
 * Prices (pricing defaults): quota = model_ratio × (prompt + completion × completion_ratio).
 */
const CASES = [
  // OpenAI mock, 10 in / 20 out: gpt-4.1 1 × (10 + 20 × 4) = 90
  { name: 'OpenAI', model: 'gpt-4.1', tokens: [10, 20], quota: 90, text: 'Hello from the mock.' },
  // Anthropic mock, 10 in / 20 out: claude-3-5-haiku 0.4 × (10 + 20 × 5) = 44
  { name: 'Anthropic', model: 'claude-3-5-haiku-20241022', tokens: [10, 20], quota: 44, text: 'Hello from Claude.' },
  // Gemini mock (one native format to another), 100 in / 50 out: gemini-2.0-flash 0.05 × (100 + 50 × 4) = 15
  { name: 'Gemini', model: 'gemini-2.0-flash', tokens: [100, 50], quota: 15, text: 'Hello from Gemini.' },
] as const;
/** The Anthropic channel maps the model: pass-through replaces only the model name. */
const UPSTREAM_CLAUDE = 'claude-haiku-upstream';

const BUSY_MODEL = 'claude-3-5-sonnet-20241022';

const TOOLS: Anthropic.Tool[] = [
  { name: 'get_weather', input_schema: { type: 'object', properties: { city: { type: 'string' } } } },
];
const START = 10_000_000;
const textOf = (m: Anthropic.Message) => m.content.map((b) => (b.type === 'text' ? b.text : '')).join('');

describe('relay: Anthropic SDK through /v1/messages', () => {
  let h: RelayHarness;
  let key: string;
  let client: Anthropic;
  let ledger: Ledger;

  beforeAll(async () => {
    h = await RelayHarness.start();
    const { root, native, openai } = h;
    await createChannel(root, { type: 1, key: 'oa-key', base_url: openai.url, models: CASES[0].model });
    await createChannel(root, {
      type: 14,
      key: 'sk-ant',
      base_url: native.url,
      models: CASES[1].model,
      model_mapping: JSON.stringify({ [CASES[1].model]: UPSTREAM_CLAUDE }),
    });
    await createChannel(root, { type: 24, key: 'g-key', base_url: native.url, models: CASES[2].model });
    // Its upstream answers 529 overloaded_error (NativeMock).
    await createChannel(root, {
      type: 14,
      key: 'sk-ant-busy',
      base_url: native.url,
      models: BUSY_MODEL,
      model_mapping: JSON.stringify({ [BUSY_MODEL]: `claude-${OVERLOADED}` }),
    });
    ({ key, ledger } = await h.customer('anthro', START));
    client = new Anthropic({ apiKey: key, baseURL: h.t.url, maxRetries: 0 });
  });
  afterAll(() => h?.close());

  describe.each(CASES)('onto the $name channel', (c) => {
    const expected = { ...c, path: '/v1/messages' };
    const messages: Anthropic.MessageParam[] = [{ role: 'user', content: 'hi' }];

    it('plain: an Anthropic message with usage, exact charge', async () => {
      const res = await client.messages.create({ model: c.model, max_tokens: 100, messages });
      expect(res.type).toBe('message');
      expect(textOf(res)).toBe(c.text);
      expect(res.stop_reason).toBe('end_turn');
      expect(res.usage).toMatchObject({ input_tokens: c.tokens[0], output_tokens: c.tokens[1] });
      await ledger.charged(expected);
    });

    it('streamed: events assemble into the message, usage in message_delta, exact charge', async () => {
      const stream = client.messages.stream({ model: c.model, max_tokens: 100, messages });
      let deltas = '';
      stream.on('text', (d) => (deltas += d));
      const res = await stream.finalMessage();
      expect(deltas).toBe(c.text);
      expect(textOf(res)).toBe(c.text);
      expect(res.stop_reason).toBe('end_turn');
      expect(res.usage).toMatchObject({ input_tokens: c.tokens[0], output_tokens: c.tokens[1] });
      const log = await ledger.charged(expected);
      expect(log.is_stream).toBeTruthy();
    });

    it('tool call: a tool_use block with parsed input, plain and streamed', async () => {
      const ask: Anthropic.MessageParam[] = [{ role: 'user', content: 'weather in Paris?' }];
      const res = await client.messages.create({ model: c.model, max_tokens: 100, messages: ask, tools: TOOLS });
      expect(res.stop_reason).toBe('tool_use');
      expect(res.content.find((b) => b.type === 'tool_use')).toMatchObject({
        name: 'get_weather',
        input: { city: 'Paris' },
      });
      await ledger.charged(expected);

      const streamed = await client.messages
        .stream({ model: c.model, max_tokens: 100, messages: ask, tools: TOOLS })
        .finalMessage();
      expect(streamed.stop_reason).toBe('tool_use');
      expect(streamed.content.find((b) => b.type === 'tool_use')).toMatchObject({
        name: 'get_weather',
        input: { city: 'Paris' },
      });
      await ledger.charged(expected);
    });
  });

  it('converts for an OpenAI channel: chat request with max_tokens, usage asked for in streams', () => {
    const [plain] = h.openai.requests;
    expect(plain.headers.authorization).toBe('Bearer oa-key');
    expect(plain.body).toMatchObject({
      model: 'gpt-4.1',
      max_tokens: 100,
      messages: [{ role: 'user', content: 'hi' }],
    });
    const streamed = h.openai.requests.find((r) => r.body.stream);
    expect(streamed?.body.stream_options).toEqual({ include_usage: true });
  });

  it('passes the body through to an Anthropic channel, only the model replaced', () => {
    const [plain] = h.native.requests;
    expect(plain.path).toBe('/v1/messages');
    expect(plain.headers).toMatchObject({ 'x-api-key': 'sk-ant', 'anthropic-version': '2023-06-01' });
    expect(plain.body).toEqual({
      model: UPSTREAM_CLAUDE,
      max_tokens: 100,
      messages: [{ role: 'user', content: 'hi' }],
    });
    const tool = h.native.requests.find((r) => r.body.tools && r.body.stream);
    expect(tool?.body).toEqual({
      model: UPSTREAM_CLAUDE,
      max_tokens: 100,
      messages: [{ role: 'user', content: 'weather in Paris?' }],
      tools: TOOLS,
      stream: true,
    });
  });

  it("passes the client's own bytes to an Anthropic channel: spacing and escapes kept, the model's value replaced", async () => {
    const spelt = (model: string) =>
      `{ "model": "${model}",\n  "max_tokens": 100,\n  "messages": [{"role": "user", "content": "h\\u00e9"}] }`;
    const res = await fetch(`${h.t.url}/v1/messages`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: spelt(CASES[1].model),
    });
    expect(res.status).toBe(200);
    await res.json();
    expect(h.native.requests.at(-1)?.raw.toString('utf8')).toBe(spelt(UPSTREAM_CLAUDE));
    await ledger.charged({ ...CASES[1], path: '/v1/messages' });
  });

  it('answers errors in the Anthropic format', async () => {
    const bad = new Anthropic({ apiKey: `sk-${'x'.repeat(48)}`, baseURL: h.t.url, maxRetries: 0 });
    const params = { model: CASES[0].model, max_tokens: 10, messages: [{ role: 'user' as const, content: 'hi' }] };
    const unauthorized = await bad.messages.create(params).catch((e: unknown) => e);
    expect(unauthorized).toBeInstanceOf(Anthropic.AuthenticationError);
    expect(unauthorized).toMatchObject({
      status: 401,
      error: { type: 'error', error: { type: 'authentication_error' } },
    });

    const unknown = await client.messages.create({ ...params, model: 'no-such-model' }).catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(Anthropic.PermissionDeniedError);
    expect(unknown).toMatchObject({ status: 403, error: { type: 'error', error: { type: 'permission_error' } } });

    const invalid = await client.messages.create({ ...params, max_tokens: 0 }).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(Anthropic.BadRequestError);
    expect(invalid).toMatchObject({ error: { error: { type: 'invalid_request_error' } } });

    const malformed = await fetch(`${h.t.url}/v1/messages`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: '{"model":',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });

    const raw = await fetch(`${h.t.url}/v1/messages/batches`, { headers: { 'x-api-key': key } });
    expect(raw.status).toBe(404);
    expect(await raw.json()).toMatchObject({ type: 'error', error: { type: 'not_found_error' } });
  });

  it('forwards upstream errors in the Anthropic format, passed through or converted', async () => {
    const params = { max_tokens: 10, messages: [{ role: 'user' as const, content: 'hi' }] };
    const busy = await client.messages.create({ ...params, model: BUSY_MODEL }).catch((e: unknown) => e);
    expect(busy).toBeInstanceOf(Anthropic.InternalServerError);
    expect(busy).toMatchObject({ status: 529, error: ANTHROPIC_OVERLOADED });

    h.openai.on('oa-key', { status: 429, errorMessage: 'slow down' });
    try {
      const limited = await client.messages.create({ ...params, model: CASES[0].model }).catch((e: unknown) => e);
      expect(limited).toBeInstanceOf(Anthropic.RateLimitError);
      expect(limited).toMatchObject({
        error: { type: 'error', error: { type: 'rate_limit_error', message: 'slow down' } },
      });
    } finally {
      h.openai.on('oa-key', {});
    }
  });

  it('refuses a user without quota with a permission_error', async () => {
    const broke = await fundedUser(h.root, 'anthro_broke', 0);
    const poor = new Anthropic({
      apiKey: (await createToken(broke.client)).key,
      baseURL: h.t.url,
      maxRetries: 0,
      defaultHeaders: { 'accept-language': 'en' },
    });
    const err = await poor.messages
      .create({ model: CASES[0].model, max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({
      status: 403,
      error: { type: 'error', error: { type: 'permission_error', message: 'Insufficient user quota' } },
    });
  });

  it('counts tokens locally, free of charge (count_tokens)', async () => {
    const before = h.native.requests.length + h.openai.requests.length;
    const res = await client.messages.countTokens({
      model: CASES[1].model,
      messages: [{ role: 'user', content: 'hi' }],
    });
    // 3 per message + 3 reply priming + 1 for "hi"
    expect(res).toEqual({ input_tokens: 7 });
    expect(h.native.requests.length + h.openai.requests.length).toBe(before);
  });

  it('lists models for an x-api-key (Anthropic SDK models.list)', async () => {
    const ids: string[] = [];
    for await (const m of client.models.list()) ids.push(m.id);
    expect(ids.sort()).toEqual([...CASES.map((c) => c.model), BUSY_MODEL].sort());
  });
});
