import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { embedMany, generateObject, generateText, stepCountIs, streamText, tool, type LanguageModel } from 'ai';
import { z } from 'zod';
import { SCRIPTED_OBJECT, SCRIPTED_TEXT, TOOL_RESULT_PREFIX } from '../mock-upstream/scripted-llm-script';
import { FRAMEWORK_CHANNELS, FrameworkWorld } from '../support/framework-world';

/**
 * The Vercel AI SDK (`ai` with its OpenAI, OpenAI-compatible, Anthropic and Google providers) as a
 * client of the gateway, onto an OpenAI, an Anthropic and a Gemini channel: text, a streamed two-step
 * tool loop, structured output and embeddings; each call charged exactly (docs/relay.md "Clients
 * verified" lists what each pair needs).
 */
// The providers' compatibility notes (unknown model ids, max tokens) are not under test.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const WEATHER_SCHEMA = z.object({ city: z.string(), temperature: z.number() });
const weather = tool({
  description: 'The weather in a city',
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, forecast: 'sunny' }),
});

describe('AI SDK clients through the gateway', () => {
  let w: FrameworkWorld;
  /** Every gateway call the SDK providers make (to count retries). */
  const calls: string[] = [];
  const countingFetch: typeof fetch = (input, init) => {
    calls.push(String(input instanceof Request ? input.url : input));
    return w.fetch(input, init);
  };
  let providers: Record<string, (model: string) => LanguageModel>;
  let embedders: Record<string, (model: string) => Parameters<typeof embedMany>[0]['model']>;

  beforeAll(async () => {
    w = await FrameworkWorld.start('aisdk');
    const opts = { apiKey: w.key, fetch: countingFetch };
    const openai = createOpenAI({ ...opts, baseURL: `${w.url}/v1` });
    const compatible = createOpenAICompatible({
      ...opts,
      name: 'gateway',
      supportsStructuredOutputs: true,
      baseURL: `${w.url}/v1`,
      includeUsage: true,
    });
    const anthropic = createAnthropic({ ...opts, baseURL: `${w.url}/v1` });
    const google = createGoogleGenerativeAI({ ...opts, baseURL: `${w.url}/v1beta` });
    providers = {
      'openai (Responses)': (m) => openai(m),
      'openai.chat': (m) => openai.chat(m),
      'openai-compatible': (m) => compatible(m),
      anthropic: (m) => anthropic(m),
      google: (m) => google(m),
    };
    embedders = {
      'openai.embedding': (m) => openai.embedding(m),
      'openai-compatible': (m) => compatible.embeddingModel(m),
      google: (m) => google.embedding(m),
    };
  });
  afterAll(() => w?.close());
  beforeEach(() => w.begin());

  const PROVIDERS = ['openai (Responses)', 'openai.chat', 'openai-compatible', 'anthropic', 'google'];
  /** The gateway path each provider speaks (the log's request_path). */
  const PATHS: Record<string, RegExp> = {
    'openai (Responses)': /^\/v1\/responses$/,
    'openai.chat': /^\/v1\/chat\/completions$/,
    'openai-compatible': /^\/v1\/chat\/completions$/,
    anthropic: /^\/v1\/messages$/,
    google: /^\/v1beta\/models\/[^/]+:(stream)?generateContent$/i,
  };
  const PAIRS = FRAMEWORK_CHANNELS.flatMap((channel) => PROVIDERS.map((provider) => ({ provider, channel })));

  describe.each(PAIRS)('$provider onto the $channel.name channel', ({ provider, channel: c }) => {
    const model = () => providers[provider](c.model);
    const path = PATHS[provider];

    it('generateText: the text, the usage the upstream reported, exact charge', async () => {
      const res = await generateText({ model: model(), prompt: 'hi', maxRetries: 0 });
      expect(res.text).toBe(SCRIPTED_TEXT);
      expect(res.usage).toMatchObject({ inputTokens: c.tokens[0], outputTokens: c.tokens[1] });
      await w.charged(c, 1, path);
    });

    it('streamText with a tool over two steps: the call, the local result sent back, the final text', async () => {
      const res = streamText({
        model: model(),
        prompt: 'weather in Paris?',
        tools: { get_weather: weather },
        stopWhen: stepCountIs(2),
        maxRetries: 0,
      });
      const text = await res.text;
      const steps = await res.steps;
      expect(steps).toHaveLength(2);
      expect(steps[0].toolCalls).toMatchObject([{ toolName: 'get_weather', input: { city: 'Paris' } }]);
      expect(steps[0].toolResults).toMatchObject([{ output: { city: 'Paris', forecast: 'sunny' } }]);
      expect(text.startsWith(TOOL_RESULT_PREFIX)).toBe(true);
      expect(text).toContain('sunny');
      await w.charged(c, 2, path);
    });

    it('generateObject: the zod-typed object, exact charge', async () => {
      const res = await generateObject({ model: model(), schema: WEATHER_SCHEMA, prompt: 'weather?', maxRetries: 0 });
      expect(res.object).toEqual(SCRIPTED_OBJECT);
      await w.charged(c, 1, path);
    });
  });

  const EMBED_PAIRS = FRAMEWORK_CHANNELS.flatMap((channel) =>
    ['openai.embedding', 'openai-compatible', 'google'].map((embedder) => ({ embedder, channel })),
  );

  describe.each(EMBED_PAIRS)('embedMany with $embedder onto the $channel.name channel', ({ embedder, channel: c }) => {
    if (c.embeddingQuota === null) {
      it('cannot be served: a clear 400/501 unsupported error, one request (no retries)', async () => {
        const before = calls.length;
        // The SDK's default retries stay on: a retryable answer (5xx) would show as more requests.
        const err: any = await embedMany({ model: embedders[embedder](c.embeddingModel), values: ['a', 'b'] }).catch(
          (e: unknown) => e,
        );
        const status = err?.statusCode ?? err?.lastError?.statusCode;
        expect([400, 501]).toContain(status);
        expect(calls.length - before).toBe(1);
        expect(JSON.stringify(err?.responseBody ?? err?.lastError?.responseBody)).toMatch(
          /unsupported|not_implemented/i,
        );
        await w.invariant();
      });
      return;
    }
    it('the vectors in order, exact charge', async () => {
      const res = await embedMany({
        model: embedders[embedder](c.embeddingModel),
        values: ['sunny day', 'rainy day'],
        maxRetries: 0,
      });
      expect(res.embeddings).toEqual([
        [0, 0.5, -0.5],
        [1, 0.5, -0.5],
      ]);
      const tokens = c.name === 'OpenAI' ? [1000, 0] : undefined;
      await w.chargedAs({ model: c.embeddingModel, tokens, quota: c.embeddingQuota ?? 0 });
    });
  });

  it('each channel got its own wire format with its own key', () => {
    const seen = (p: RegExp) => w.upstream.requests.filter((r) => p.test(r.path));
    for (const r of seen(/^\/v1\/(chat\/completions|responses|embeddings)$/))
      expect(r.headers.authorization).toBe('Bearer up-OpenAI');
    for (const r of seen(/^\/v1\/messages$/)) expect(r.headers['x-api-key']).toBe('up-Anthropic');
    for (const r of seen(/^\/v1beta\//)) expect(r.headers['x-goog-api-key']).toBe('up-Gemini');
    for (const p of [/chat\/completions$/, /responses$/, /embeddings$/, /messages$/, /:batchEmbedContents$/])
      expect(seen(p).length).toBeGreaterThan(0);
    expect(seen(/:streamGenerateContent\?alt=sse$/).length).toBeGreaterThan(0);
  });
});
