import { ApiError, GoogleGenAI, type FunctionDeclaration, type GenerateContentResponse, Type } from '@google/genai';
import { GEMINI_OVERLOADED, OVERLOADED } from '../mock-upstream/native-mock';
import type { Ledger } from '../support/ledger';
import { createChannel, createToken, fundedUser } from '../support/relay-fixtures';
import { RelayHarness } from '../support/relay-harness';

/**
 * The official Google GenAI SDK through /v1beta: passed through untouched onto a Gemini channel,
 * converted onto an OpenAI channel; plain, streamed and with a function call; exact billing.
 * Prices (pricing defaults): quota = model_ratio × (prompt + completion × completion_ratio).
 */
const CASES = [
  // Gemini mock, 100 in / 50 out: gemini-2.0-flash 0.05 × (100 + 50 × 4) = 15
  { name: 'Gemini', model: 'gemini-2.0-flash', tokens: [100, 50], quota: 15, text: 'Hello from Gemini.' },
  // OpenAI mock, 10 in / 20 out: gpt-4.1 1 × (10 + 20 × 4) = 90
  { name: 'OpenAI', model: 'gpt-4.1', tokens: [10, 20], quota: 90, text: 'Hello from the mock.' },
  // Anthropic mock (one native format to another), 10 in / 20 out: claude-3-5-haiku 0.4 × (10 + 20 × 5) = 44
  { name: 'Anthropic', model: 'claude-3-5-haiku-20241022', tokens: [10, 20], quota: 44, text: 'Hello from Claude.' },
] as const;
/** The Gemini channel maps the model: pass-through changes only the model in the URL. */
const UPSTREAM_GEMINI = 'gemini-2.0-flash-001';

const BUSY_MODEL = 'gemini-2.5-flash';
const EMBEDDING_MODEL = 'text-embedding-3-small';
const GEMINI_EMBEDDING_MODEL = 'text-embedding-004';

const WEATHER: FunctionDeclaration = {
  name: 'get_weather',
  parameters: { type: Type.OBJECT, properties: { city: { type: Type.STRING } } },
};
const START = 10_000_000;
/**
 * The SDK's own fetch option: in Node it otherwise wraps Undici's global dispatcher, which Jest's
 * sandboxed globals do not expose (the requests are the same).
 */
const http = (baseUrl: string, headers: Record<string, string> = {}) => ({ baseUrl, headers, fetch });

describe('relay: Google GenAI SDK through /v1beta', () => {
  let h: RelayHarness;
  let key: string;
  let ai: GoogleGenAI;
  let ledger: Ledger;

  beforeAll(async () => {
    h = await RelayHarness.start();
    const { root, native, openai } = h;
    await createChannel(root, {
      type: 24,
      key: 'g-key',
      base_url: native.url,
      models: CASES[0].model,
      model_mapping: JSON.stringify({ [CASES[0].model]: UPSTREAM_GEMINI }),
    });
    await createChannel(root, {
      type: 1,
      key: 'oa-key',
      base_url: openai.url,
      models: `${CASES[1].model},${EMBEDDING_MODEL}`,
    });
    await createChannel(root, { type: 14, key: 'sk-ant', base_url: native.url, models: CASES[2].model });
    await createChannel(root, { type: 24, key: 'g-embed', base_url: native.url, models: GEMINI_EMBEDDING_MODEL });
    // Its upstream answers 503 UNAVAILABLE (NativeMock).
    await createChannel(root, {
      type: 24,
      key: 'g-busy',
      base_url: native.url,
      models: BUSY_MODEL,
      model_mapping: JSON.stringify({ [BUSY_MODEL]: `gemini-${OVERLOADED}` }),
    });
    ({ key, ledger } = await h.customer('gemini', START));
    ai = new GoogleGenAI({ apiKey: key, httpOptions: http(h.t.url) });
  });
  afterAll(() => h?.close());

  describe.each(CASES)('onto the $name channel', (c) => {
    it('generateContent: text, usageMetadata, exact charge', async () => {
      const res = await ai.models.generateContent({ model: c.model, contents: 'hi', config: { maxOutputTokens: 100 } });
      expect(res.text).toBe(c.text);
      expect(res.candidates?.[0].finishReason).toBe('STOP');
      expect(res.usageMetadata).toMatchObject({ promptTokenCount: c.tokens[0], candidatesTokenCount: c.tokens[1] });
      await ledger.charged({ ...c, path: `/v1beta/models/${c.model}:generateContent` });
    });

    it('generateContentStream: SSE chunks, usage in the last, exact charge', async () => {
      let text = '';
      let last: GenerateContentResponse | undefined;
      for await (const chunk of await ai.models.generateContentStream({ model: c.model, contents: 'hi' })) {
        text += chunk.text ?? '';
        last = chunk;
      }
      expect(text).toBe(c.text);
      expect(last?.usageMetadata).toMatchObject({ promptTokenCount: c.tokens[0], candidatesTokenCount: c.tokens[1] });
      const log = await ledger.charged({ ...c, path: `/v1beta/models/${c.model}:streamGenerateContent` });
      expect(log.is_stream).toBeTruthy();
    });

    it('streamGenerateContent without alt=sse: one JSON array, exact charge', async () => {
      const res = await fetch(`${h.t.url}/v1beta/models/${c.model}:streamGenerateContent`, {
        method: 'POST',
        headers: { 'x-goog-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }),
      });
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      const items = (await res.json()) as GenerateContentResponse[];
      const text = items.map((i) => i.candidates?.[0].content?.parts?.map((p) => p.text ?? '').join('')).join('');
      expect(text).toBe(c.text);
      expect(items[items.length - 1].usageMetadata).toMatchObject({ promptTokenCount: c.tokens[0] });
      await ledger.charged(c);
    });

    it('function calling: a functionCall part, plain and streamed', async () => {
      const request = {
        model: c.model,
        contents: 'weather in Paris?',
        config: { tools: [{ functionDeclarations: [WEATHER] }] },
      };
      const res = await ai.models.generateContent(request);
      expect(res.functionCalls?.[0]).toMatchObject({ name: 'get_weather', args: { city: 'Paris' } });
      await ledger.charged(c);

      const calls = [];
      for await (const chunk of await ai.models.generateContentStream(request))
        calls.push(...(chunk.functionCalls ?? []));
      expect(calls).toHaveLength(1);
      expect(calls[0]).toMatchObject({ name: 'get_weather', args: { city: 'Paris' } });
      await ledger.charged(c);
    });
  });

  it('passes the body through to a Gemini channel, only the model in the URL replaced', () => {
    const plain = h.native.requests.find((r) => r.path.includes(':generateContent') && !r.body.tools);
    expect(plain?.path).toBe(`/v1beta/models/${UPSTREAM_GEMINI}:generateContent`);
    expect(plain?.headers['x-goog-api-key']).toBe('g-key');
    expect(plain?.body).toEqual({
      contents: [{ parts: [{ text: 'hi' }], role: 'user' }],
      generationConfig: { maxOutputTokens: 100 },
    });
    const streamed = h.native.requests.find((r) => r.path.includes(':streamGenerateContent') && r.body.tools);
    expect(streamed?.path).toBe(`/v1beta/models/${UPSTREAM_GEMINI}:streamGenerateContent?alt=sse`);
    expect(streamed?.body.tools).toEqual([{ functionDeclarations: [WEATHER] }]);
  });

  it("passes the client's own bytes to a Gemini channel, spacing and escapes kept", async () => {
    const text =
      '{ "contents": [{"role": "user", "parts": [{"text": "h\\u00e9"}]}],\n  "generationConfig": {"maxOutputTokens": 100} }';
    const res = await fetch(`${h.t.url}/v1beta/models/${CASES[0].model}:generateContent`, {
      method: 'POST',
      headers: { 'x-goog-api-key': key, 'content-type': 'application/json' },
      body: text,
    });
    expect(res.status).toBe(200);
    await res.json();
    const sent = h.native.requests.at(-1);
    expect(sent?.path).toContain(`/models/${UPSTREAM_GEMINI}:generateContent`);
    expect(sent?.raw.toString('utf8')).toBe(text);
    await ledger.charged({ ...CASES[0], path: `/v1beta/models/${CASES[0].model}:generateContent` });
  });

  it('converts for an OpenAI channel: chat request with max_tokens, usage asked for in streams', () => {
    const [plain] = h.openai.requests;
    expect(plain.headers.authorization).toBe('Bearer oa-key');
    expect(plain.body).toMatchObject({
      model: 'gpt-4.1',
      max_tokens: 100,
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(h.openai.requests.find((r) => r.body.stream)?.body.stream_options).toEqual({ include_usage: true });
  });

  it("lists the key's models in the Gemini format", async () => {
    const names: string[] = [];
    for await (const m of await ai.models.list()) names.push(m.name ?? '');
    expect(names.sort()).toEqual(
      [...CASES.map((c) => c.model), BUSY_MODEL, EMBEDDING_MODEL, GEMINI_EMBEDDING_MODEL]
        .map((m) => `models/${m}`)
        .sort(),
    );
    const one = await ai.models.get({ model: CASES[1].model });
    expect(one).toMatchObject({ name: `models/${CASES[1].model}` });
  });

  it('embedContent (batchEmbedContents) onto an OpenAI channel, billed like /v1/embeddings', async () => {
    const res = await ai.models.embedContent({ model: EMBEDDING_MODEL, contents: ['a', 'b'] });
    expect(res.embeddings).toEqual([{ values: [0.1, 0.2, 0.3] }, { values: [0.1, 0.2, 0.3] }]);
    expect(h.openai.requests[h.openai.requests.length - 1].body).toMatchObject({
      model: EMBEDDING_MODEL,
      input: ['a', 'b'],
    });
    // 10 prompt tokens × 0.01 = 0.1 → the minimum charge of 1
    await ledger.charged({
      model: EMBEDDING_MODEL,
      tokens: [10, 0],
      quota: 1,
      path: `/v1beta/models/${EMBEDDING_MODEL}:batchEmbedContents`,
    });
  });

  it('embedContent onto a Gemini channel: passed through, the prompt counted locally', async () => {
    const res = await ai.models.embedContent({ model: GEMINI_EMBEDDING_MODEL, contents: ['a', 'b'] });
    expect(res.embeddings?.map((e) => e.values?.length)).toEqual([3, 3]);
    const sent = h.native.requests.at(-1)!;
    expect(sent.path).toBe(`/v1beta/models/${GEMINI_EMBEDDING_MODEL}:batchEmbedContents`);
    expect(sent.body.requests.map((q: any) => q.content.parts[0].text)).toEqual(['a', 'b']);
    await ledger.charged({
      model: GEMINI_EMBEDDING_MODEL,
      path: `/v1beta/models/${GEMINI_EMBEDDING_MODEL}:batchEmbedContents`,
    });
    expect(Number((await ledger.newest()).prompt_tokens)).toBeGreaterThan(0);

    const single = await fetch(`${h.t.url}/v1beta/models/${GEMINI_EMBEDDING_MODEL}:embedContent`, {
      method: 'POST',
      headers: { 'x-goog-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ content: { parts: [{ text: 'hello' }] } }),
    });
    expect(single.status).toBe(200);
    expect((await single.json()).embedding.values).toHaveLength(3);
    await ledger.charged({
      model: GEMINI_EMBEDDING_MODEL,
      path: `/v1beta/models/${GEMINI_EMBEDDING_MODEL}:embedContent`,
    });
  });

  it('counts tokens locally, free of charge (countTokens)', async () => {
    const res = await ai.models.countTokens({ model: CASES[0].model, contents: 'hi' });
    // 3 per message + 3 reply priming + 1 for "hi"
    expect(res.totalTokens).toBe(7);
  });

  it('accepts the key as ?key= and keeps it out of the log', async () => {
    const res = await fetch(`${h.t.url}/v1beta/models/${CASES[1].model}:generateContent?key=${key}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }),
    });
    expect(res.status).toBe(200);
    const log = await ledger.charged(CASES[1]);
    expect(JSON.stringify(log)).not.toContain(key);
    expect(JSON.parse(log.other).request_path).toBe(`/v1beta/models/${CASES[1].model}:generateContent`);
  });

  it('forwards upstream errors in the Gemini format, passed through or converted', async () => {
    const busy = await ai.models.generateContent({ model: BUSY_MODEL, contents: 'hi' }).catch((e) => e);
    expect(busy).toBeInstanceOf(ApiError);
    expect(busy.status).toBe(503);
    expect(JSON.parse(busy.message)).toEqual(GEMINI_OVERLOADED);

    h.openai.on('oa-key', { status: 400, errorMessage: 'bad parameter' });
    try {
      const invalid = await ai.models.generateContent({ model: CASES[1].model, contents: 'hi' }).catch((e) => e);
      expect(invalid.status).toBe(400);
      expect(JSON.parse(invalid.message)).toEqual({
        error: { code: 400, message: 'bad parameter', status: 'INVALID_ARGUMENT' },
      });
    } finally {
      h.openai.on('oa-key', {});
    }
  });

  it('answers errors in the Gemini format', async () => {
    const bad = new GoogleGenAI({ apiKey: `sk-${'x'.repeat(48)}`, httpOptions: http(h.t.url) });
    const unauthorized = await bad.models.generateContent({ model: CASES[1].model, contents: 'hi' }).catch((e) => e);
    expect(unauthorized).toBeInstanceOf(ApiError);
    expect(unauthorized.status).toBe(401);
    expect(JSON.parse(unauthorized.message)).toMatchObject({ error: { code: 401, status: 'UNAUTHENTICATED' } });

    const unknown = await ai.models.generateContent({ model: 'no-such-model', contents: 'hi' }).catch((e) => e);
    expect(unknown.status).toBe(403);
    expect(JSON.parse(unknown.message)).toMatchObject({ error: { code: 403, status: 'PERMISSION_DENIED' } });

    const broke = await fundedUser(h.root, 'gemini_broke', 0);
    const poor = new GoogleGenAI({
      apiKey: (await createToken(broke.client)).key,
      httpOptions: http(h.t.url, { 'accept-language': 'en' }),
    });
    const exhausted = await poor.models.generateContent({ model: CASES[1].model, contents: 'hi' }).catch((e) => e);
    expect(exhausted.status).toBe(403);
    expect(JSON.parse(exhausted.message)).toEqual({
      error: {
        code: 403,
        message: 'Insufficient user quota',
        status: 'PERMISSION_DENIED',
        details: [
          { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'insufficient_quota', domain: 'gateway' },
        ],
      },
    });

    const malformed = await fetch(`${h.t.url}/v1beta/models/${CASES[1].model}:generateContent`, {
      method: 'POST',
      headers: { 'x-goog-api-key': key, 'content-type': 'application/json' },
      body: '{"contents":',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: { code: 400, status: 'INVALID_ARGUMENT' } });

    const raw = await fetch(`${h.t.url}/v1beta/models/${CASES[1].model}:predict`, {
      method: 'POST',
      headers: { 'x-goog-api-key': key },
    });
    expect(raw.status).toBe(404);
    expect(await raw.json()).toMatchObject({ error: { code: 404, status: 'NOT_FOUND' } });
  });
});
