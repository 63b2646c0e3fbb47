import OpenAI from 'openai';
import type { Ledger } from '../support/ledger';
import { describeOpenAIChat, type ChatCase } from '../support/openai-chat-cases';
import { createChannel } from '../support/relay-fixtures';
import { RelayHarness } from '../support/relay-harness';

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
] as const satisfies readonly ChatCase[];

const START = 10_000_000;

describe('relay: openai SDK onto native upstreams', () => {
  let h: RelayHarness;
  let ledger: Ledger;
  let client: OpenAI;

  beforeAll(async () => {
    h = await RelayHarness.start();
    const { root, native, openai } = h;
    await createChannel(root, { type: 14, key: 'sk-ant', base_url: native.url, models: CASES[0].model });
    await createChannel(root, { type: 24, key: 'g-key', base_url: native.url, models: CASES[1].model });
    await createChannel(root, {
      type: 3,
      key: 'az-key',
      base_url: openai.url,
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
    let key: string;
    ({ key, ledger } = await h.customer('prov', START));
    client = new OpenAI({ apiKey: key, baseURL: `${h.t.url}/v1`, maxRetries: 0 });
  });
  afterAll(() => h?.close());

  describeOpenAIChat(CASES, () => ({ client, ledger }));

  it('sends each native request in its own format, with the channel key', () => {
    const ant = h.native.requests.find((r) => r.path === '/v1/messages');
    expect(ant?.headers).toMatchObject({ 'x-api-key': 'sk-ant', 'anthropic-version': '2023-06-01' });
    expect(ant?.body).toMatchObject({ model: CASES[0].model, messages: [{ role: 'user' }] });
    const gem = h.native.requests.find((r) => r.path.includes(':streamGenerateContent'));
    expect(gem?.path).toBe(`/v1beta/models/${CASES[1].model}:streamGenerateContent?alt=sse`);
    expect(gem?.headers['x-goog-api-key']).toBe('g-key');
    expect(h.native.requests.find((r) => r.path === '/api/chat')?.body).toMatchObject({ model: 'llama3.2' });
    expect(h.openai.requests[0].path).toBe('/openai/deployments/gpt-41/chat/completions?api-version=2024-10-21');
    expect(h.openai.requests[0].headers['api-key']).toBe('az-key');
    expect(h.openai.requests[0].headers.authorization).toBeUndefined();
  });

  it('answers modes a native adaptor does not serve centrally', async () => {
    await expect(client.embeddings.create({ model: CASES[0].model, input: 'x' })).rejects.toMatchObject({
      status: expect.any(Number),
    });
  });
});
