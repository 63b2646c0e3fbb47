import OpenAI from 'openai';
import { MockUpstream } from '../mock-upstream/mock-upstream';
import { NativeMock } from '../mock-upstream/native-mock';
import { ApiClient } from '../support/api-client';
import { setupRoot } from '../support/fixtures';
import { createChannel, createToken, Db, eventually, fundedUser } from '../support/relay-fixtures';
import { startApp, type TestApp } from '../support/test-app';

/**
 * The official openai client through the gateway onto native upstreams (Anthropic, Gemini, Azure,
 * Ollama): conversion both ways, streams, tool calls, and exact billing of the reported usage.
 * Prices (pricing defaults): quota = model_ratio × (prompt + completion × completion_ratio).
 */
const CASES = [
  // Anthropic: 10 in / 20 out, claude-3-5-haiku 0.4 × (10 + 20 × 5) = 44
  { name: 'Anthropic', model: 'claude-3-5-haiku-20241022', tokens: [10, 20], quota: 44, text: 'Hello from Claude.' },
  // Gemini: 100 in / 50 out, gemini-2.0-flash 0.05 × (100 + 50 × 4) = 15
  { name: 'Gemini', model: 'gemini-2.0-flash', tokens: [100, 50], quota: 15, text: 'Hello from Gemini.' },
  // Azure (OpenAI mock, 10 / 20): gpt-4.1 1 × (10 + 20 × 4) = 90
  { name: 'Azure', model: 'gpt-4.1', tokens: [10, 20], quota: 90, text: 'Hello from the mock.' },
  // Ollama (10 / 20, mapped to llama3.2): gpt-4.1-mini 0.2 × (10 + 20 × 4) = 18
  { name: 'Ollama', model: 'gpt-4.1-mini', tokens: [10, 20], quota: 18, text: 'Hello from Ollama.' },
] as const;

const TOOLS: OpenAI.Chat.Completions.ChatCompletionTool[] = [
  {
    type: 'function',
    function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } },
  },
];

const START = 10_000_000;
let made = 0;

describe('relay: openai SDK onto native upstreams', () => {
  let t: TestApp;
  let native: NativeMock;
  let azure: MockUpstream;
  let db: Db;
  let user: Awaited<ReturnType<typeof fundedUser>>;
  let client: OpenAI;

  beforeAll(async () => {
    native = new NativeMock();
    await native.start();
    azure = new MockUpstream();
    await azure.start();
    azure.setDefault({ chunks: 1, chunkText: 'Hello from the mock.' });
    t = await startApp();
    db = Db.open(t);
    const root: ApiClient = await setupRoot(t.url);
    await createChannel(root, { type: 14, key: 'sk-ant', base_url: native.url, models: CASES[0].model });
    await createChannel(root, { type: 24, key: 'g-key', base_url: native.url, models: CASES[1].model });
    await createChannel(root, {
      type: 3,
      key: 'az-key',
      base_url: azure.url,
      models: CASES[2].model,
      other: '2024-10-21',
    });
    await createChannel(root, {
      type: 4,
      key: 'ol-key',
      base_url: native.url,
      models: CASES[3].model,
      model_mapping: JSON.stringify({ [CASES[3].model]: 'llama3.2' }),
    });
    user = await fundedUser(root, 'prov', START);
    const { key } = await createToken(user.client, { remain_quota: 5_000_000 });
    client = new OpenAI({ apiKey: key, baseURL: `${t.url}/v1`, maxRetries: 0 });
  });
  afterAll(async () => {
    db.close();
    await t.close();
    await native.close();
    await azure.close();
  });

  const quota = async () => Number((await db.one('SELECT quota FROM users WHERE id = ?', [user.id])).quota);
  /** The charge of the consumption log after `lastId`: priced from its ratios, and taken from the balance. */
  async function charged(_lastId: number, expected: { model: string; tokens: readonly number[] }) {
    made++;
    // Logs are written in batches: wait for this request's one (the made-th), then read the newest.
    const count = async () =>
      Number((await db.one('SELECT COUNT(*) AS n FROM logs WHERE type = 2 AND user_id = ?', [user.id])).n);
    await eventually(async () => (await count()) >= made, 15_000);
    const log = await db.one('SELECT * FROM logs WHERE type = 2 AND user_id = ? ORDER BY id DESC', [user.id]);
    expect(log).toMatchObject({
      model_name: expected.model,
      prompt_tokens: expected.tokens[0],
      completion_tokens: expected.tokens[1],
    });
    const r = JSON.parse(log.other);
    const price = r.model_ratio * r.group_ratio * (expected.tokens[0] + expected.tokens[1] * r.completion_ratio);
    expect(Number(log.quota)).toBe(Math.round(price));
    // Settlements land in batches: the balance ends at the start minus every logged charge.
    const sum = async () =>
      Number((await db.one('SELECT SUM(quota) AS q FROM logs WHERE type = 2 AND user_id = ?', [user.id])).q);
    await eventually(async () => START - (await quota()) === (await sum()), 15_000);
    expect(START - (await quota())).toBe(await sum());
    return Number(log.quota);
  }
  const lastLogId = async () =>
    Number((await db.one('SELECT MAX(id) AS id FROM logs WHERE user_id = ?', [user.id]))?.id ?? 0);

  describe.each(CASES)('$name channel', (c) => {
    it('plain chat: converted answer, usage and exact charge', async () => {
      const last = await lastLogId();
      const res = await client.chat.completions.create({ model: c.model, messages: [{ role: 'user', content: 'hi' }] });
      expect(res.choices[0].message.content).toBe(c.text);
      expect(res.choices[0].finish_reason).toBe('stop');
      expect(res.usage).toMatchObject({ prompt_tokens: c.tokens[0], completion_tokens: c.tokens[1] });
      expect(await charged(last, c)).toBe(c.quota);
    });

    it('streamed chat: OpenAI chunks, usage chunk on request, exact charge', async () => {
      const last = await lastLogId();
      const stream = await client.chat.completions.create({
        model: c.model,
        messages: [{ role: 'user', content: 'hi' }],
        stream: true,
        stream_options: { include_usage: true },
      });
      let text = '';
      let usage: OpenAI.CompletionUsage | undefined;
      let finish: string | null = null;
      for await (const chunk of stream) {
        text += chunk.choices[0]?.delta?.content ?? '';
        finish = chunk.choices[0]?.finish_reason ?? finish;
        if (chunk.usage) usage = chunk.usage;
      }
      expect(text).toBe(c.text);
      expect(finish).toBe('stop');
      expect(usage).toMatchObject({ prompt_tokens: c.tokens[0], completion_tokens: c.tokens[1] });
      expect(await charged(last, c)).toBe(c.quota);
    });

    it('tool call: plain and streamed', async () => {
      const last = await lastLogId();
      const messages: OpenAI.Chat.Completions.ChatCompletionMessageParam[] = [
        { role: 'user', content: 'weather in Paris?' },
      ];
      const res = await client.chat.completions.create({ model: c.model, messages, tools: TOOLS });
      const call = res.choices[0].message.tool_calls?.[0];
      expect(res.choices[0].finish_reason).toBe('tool_calls');
      expect(call?.type === 'function' && call.function.name).toBe('get_weather');
      expect(call?.type === 'function' && JSON.parse(call.function.arguments)).toEqual({ city: 'Paris' });
      expect(await charged(last, c)).toBe(c.quota);

      if (c.name === 'Azure') return; // OpenAI wire format: streamed tool calls pass through as on the OpenAI path
      const stream = await client.chat.completions.create({ model: c.model, messages, tools: TOOLS, stream: true });
      let name = '';
      let args = '';
      for await (const chunk of stream) {
        for (const d of chunk.choices[0]?.delta?.tool_calls ?? []) {
          name += d.function?.name ?? '';
          args += d.function?.arguments ?? '';
        }
      }
      made++; // its log is waited for by the next charged()
      expect(name).toBe('get_weather');
      expect(JSON.parse(args)).toEqual({ city: 'Paris' });
    });
  });

  it('sends each native request in its own format, with the channel key', () => {
    const ant = native.requests.find((r) => r.path === '/v1/messages');
    expect(ant?.headers).toMatchObject({ 'x-api-key': 'sk-ant', 'anthropic-version': '2023-06-01' });
    expect(ant?.body).toMatchObject({ model: CASES[0].model, messages: [{ role: 'user' }] });
    const gem = native.requests.find((r) => r.path.includes(':streamGenerateContent'));
    expect(gem?.path).toBe(`/v1beta/models/${CASES[1].model}:streamGenerateContent?alt=sse`);
    expect(gem?.headers['x-goog-api-key']).toBe('g-key');
    expect(native.requests.find((r) => r.path === '/api/chat')?.body).toMatchObject({ model: 'llama3.2' });
    expect(azure.requests[0].path).toBe('/openai/deployments/gpt-41/chat/completions?api-version=2024-10-21');
    expect(azure.requests[0].headers['api-key']).toBe('az-key');
    expect(azure.requests[0].headers.authorization).toBeUndefined();
  });

  it('answers modes a native adaptor does not serve centrally', async () => {
    await expect(client.embeddings.create({ model: CASES[0].model, input: 'x' })).rejects.toMatchObject({
      status: expect.any(Number),
    });
  });
});
