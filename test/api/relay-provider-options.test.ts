import OpenAI from 'openai';
import { DEFAULT_MODEL_RATIO } from '@gw/shared';
import type { ApiClient } from '../support/api-client';
import { setOption } from '../support/fixtures';
import { createChannel } from '../support/relay-fixtures';
import { RelayHarness } from '../support/relay-harness';

/**
 * The Claude and Gemini options of the Models tab (docs/relay.md "Provider settings") as the upstream receives them: default
 * max tokens, per-model headers, the thinking adapters and their "-thinking" suffix, safety
 * settings, API versions and image-answer models.
 */
const CLAUDE = 'claude-3-7-sonnet-20250219';
const GEMINI = 'gemini-2.5-flash';
const MODELS = [
  CLAUDE,
  `${CLAUDE}-thinking`,
  'claude-3-5-haiku-20241022',
  GEMINI,
  `${GEMINI}-thinking`,
  `${GEMINI}-nothinking`,
  'gemini-2.0-flash-exp',
];

describe('relay: Claude and Gemini provider options', () => {
  let h: RelayHarness;
  let root: ApiClient;
  let client: OpenAI;

  const last = () => h.native.requests.at(-1)!;
  const ask = (model: string, extra: Partial<OpenAI.Chat.ChatCompletionCreateParamsNonStreaming> = {}) =>
    client.chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }], ...extra });

  beforeAll(async () => {
    h = await RelayHarness.start();
    root = h.root;
    await setOption(
      root,
      'ModelRatio',
      JSON.stringify({ ...DEFAULT_MODEL_RATIO, ...Object.fromEntries(MODELS.map((m) => [m, 1])) }),
    );
    const claudeModels = MODELS.filter((m) => m.startsWith('claude')).join(',');
    const geminiModels = MODELS.filter((m) => m.startsWith('gemini')).join(',');
    await createChannel(root, { type: 14, key: 'sk-ant', base_url: h.native.url, models: claudeModels });
    await createChannel(root, { type: 24, key: 'g-key', base_url: h.native.url, models: geminiModels });
    const { key } = await h.customer('options', 100_000_000);
    client = new OpenAI({ apiKey: key, baseURL: `${h.t.url}/v1`, maxRetries: 0 });
  });
  afterAll(() => h?.close());

  describe('Claude', () => {
    it('claude.default_max_tokens: the model entry, else "default", when the client sets no limit', async () => {
      await setOption(root, 'claude.default_max_tokens', JSON.stringify({ default: 2048, [CLAUDE]: 4096 }));
      await ask(CLAUDE);
      expect(last().body.max_tokens).toBe(4096);
      await ask('claude-3-5-haiku-20241022');
      expect(last().body.max_tokens).toBe(2048);
      await ask(CLAUDE, { max_tokens: 100 });
      expect(last().body.max_tokens).toBe(100);
    });

    it('claude.model_headers_settings: extra headers for the model, lists joined by commas', async () => {
      await setOption(
        root,
        'claude.model_headers_settings',
        JSON.stringify({
          [CLAUDE]: { 'anthropic-beta': ['output-128k-2025-02-19', 'token-efficient-tools-2025-02-19'] },
        }),
      );
      await ask(CLAUDE);
      expect(last().headers['anthropic-beta']).toBe('output-128k-2025-02-19,token-efficient-tools-2025-02-19');
      await ask('claude-3-5-haiku-20241022');
      expect(last().headers['anthropic-beta']).toBeUndefined();
    });

    it('"-thinking" suffix: thinking with budget = max_tokens × percentage; the suffix never goes upstream', async () => {
      await setOption(root, 'claude.default_max_tokens', JSON.stringify({ default: 8192 }));
      await setOption(root, 'claude.thinking_adapter_budget_tokens_percentage', '0.5');
      await ask(`${CLAUDE}-thinking`, { max_tokens: 10000 });
      expect(last().body.model).toBe(CLAUDE);
      expect(last().body.thinking).toEqual({ type: 'enabled', budget_tokens: 5000 });
      expect(last().body.max_tokens).toBe(10000);
    });

    it('thinking adapter off: the suffix is still removed, no thinking requested', async () => {
      await setOption(root, 'claude.thinking_adapter_enabled', 'false');
      await ask(`${CLAUDE}-thinking`);
      expect(last().body.model).toBe(CLAUDE);
      expect(last().body.thinking).toBeUndefined();
      await setOption(root, 'claude.thinking_adapter_enabled', 'true');
    });
  });

  describe('Gemini', () => {
    it('gemini.safety_settings: per model, else per category, else default, for every category', async () => {
      await setOption(
        root,
        'gemini.safety_settings',
        JSON.stringify({ default: 'BLOCK_NONE', HARM_CATEGORY_HATE_SPEECH: 'BLOCK_LOW_AND_ABOVE' }),
      );
      await ask(GEMINI);
      const byCategory = Object.fromEntries(
        (last().body.safetySettings as { category: string; threshold: string }[]).map((s) => [s.category, s.threshold]),
      );
      expect(byCategory.HARM_CATEGORY_HATE_SPEECH).toBe('BLOCK_LOW_AND_ABOVE');
      expect(byCategory.HARM_CATEGORY_HARASSMENT).toBe('BLOCK_NONE');
    });

    it('gemini.version_settings: the API version in the upstream path', async () => {
      await setOption(root, 'gemini.version_settings', JSON.stringify({ default: 'v1beta', [GEMINI]: 'v1' }));
      await ask(GEMINI);
      expect(last().path).toMatch(new RegExp(`^/v1/models/${GEMINI}:generateContent`));
      await ask('gemini-2.0-flash-exp');
      expect(last().path).toMatch(/^\/v1beta\/models\/gemini-2\.0-flash-exp:generateContent/);
    });

    it('gemini.supported_imagine_models: those models are asked for text and images', async () => {
      await ask('gemini-2.0-flash-exp');
      expect(last().body.generationConfig.responseModalities).toEqual(['TEXT', 'IMAGE']);
      await ask(GEMINI);
      expect(last().body.generationConfig?.responseModalities).toBeUndefined();
    });

    it('thinking adapter: "-thinking" sets a budget from the percentage, "-nothinking" turns it off', async () => {
      await setOption(root, 'gemini.thinking_adapter_enabled', 'true');
      await setOption(root, 'gemini.thinking_adapter_budget_tokens_percentage', '0.5');
      await ask(`${GEMINI}-thinking`, { max_tokens: 4000 });
      expect(last().path).toContain(`/models/${GEMINI}:`);
      expect(last().body.generationConfig.thinkingConfig).toEqual({ thinkingBudget: 2000, includeThoughts: true });
      await ask(`${GEMINI}-nothinking`);
      expect(last().body.generationConfig.thinkingConfig).toEqual({ thinkingBudget: 0 });
    });
  });
});
