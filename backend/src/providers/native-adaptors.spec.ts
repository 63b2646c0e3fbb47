import { SseParser } from '../modules/relay/stream/sse-parser';
import { NdjsonEventParser } from '../modules/relay/stream/ndjson-parser';
import type { BuildInput } from './provider';
import { createAdaptorRegistry } from './adaptor-registry';
import { anthropicAdaptor } from './anthropic/adaptor';
import { azureAdaptor } from './azure/adaptor';
import { geminiAdaptor } from './gemini/adaptor';
import { ollamaAdaptor } from './ollama/adaptor';
import { TEST_DEPS, testSettings } from './testing/fixtures';

const input = (baseUrl: string, extra: Partial<BuildInput> = {}): BuildInput => ({
  mode: 'chat',
  body: { kind: 'json', json: { model: 'client-model', messages: [{ role: 'user', content: 'hi' }] } },
  upstreamModel: 'up-model',
  stream: false,
  target: { baseUrl, key: 'k', organization: '', paramOverride: null, other: '' },
  settings: testSettings(),
  ...extra,
});

describe('native adaptors', () => {
  it('are registered with their capabilities', () => {
    const r = createAdaptorRegistry(TEST_DEPS);
    expect([...r.get(14)!.adaptor.modes]).toEqual(['chat']);
    expect(r.get(4)!.adaptor.modes.has('embeddings')).toBe(true);
    expect(r.get(24)!.native).toBe(true);
    expect(r.get(3)!.adaptor.modes.has('rerank')).toBe(false);
  });

  it('build native calls', () => {
    const a = anthropicAdaptor().buildCall(input('https://api.anthropic.com'));
    expect(a).toMatchObject({ origin: 'https://api.anthropic.com', path: '/v1/messages' });
    expect(a.headers['x-api-key']).toBe('k');
    expect(JSON.parse(a.body as string)).toMatchObject({ model: 'up-model', max_tokens: 8192 });
    const g = geminiAdaptor().buildCall(input('https://g.example', { stream: true }));
    expect(g.path).toBe('/v1beta/models/up-model:streamGenerateContent?alt=sse');
    const z = azureAdaptor().buildCall(input('https://r.openai.azure.com', { upstreamModel: 'gpt-4.1' }));
    expect(z.path).toBe('/openai/deployments/gpt-41/chat/completions?api-version=2024-10-21');
    expect(z.headers).toEqual({ 'api-key': 'k', 'content-type': 'application/json' });
    const o = ollamaAdaptor().buildCall(input('http://localhost:11434'));
    expect(o.path).toBe('/api/chat');
    expect(JSON.parse(o.body as string)).toMatchObject({ model: 'up-model', stream: false });
  });

  it('converts an Anthropic stream into OpenAI chunks with usage', () => {
    const conv = anthropicAdaptor().streamConverter('chat', true, 'up-model');
    const events = new SseParser().push(
      Buffer.from(
        [
          '{"type":"message_start","message":{"id":"msg_1","usage":{"input_tokens":7,"output_tokens":1}}}',
          '{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}',
          '{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hi"}}',
          '{"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":3}}',
          '{"type":"message_stop"}',
        ]
          .map((d) => `data: ${d}\n\n`)
          .join(''),
      ),
    );
    const steps = events.map((e) => conv.onEvent(e));
    expect(steps.map((s) => s.text ?? '').join('')).toBe('Hi');
    expect(steps[steps.length - 1].usage).toEqual({
      promptTokens: 7,
      completionTokens: 3,
      cachedTokens: 0,
      cacheCreationTokens: 0,
    });
    expect(steps[steps.length - 1].out).toContain('"finish_reason":"stop"');
    expect(conv.finish()).toBe('data: [DONE]\n\n');
  });

  it('reads Ollama NDJSON streams line by line', () => {
    const p = new NdjsonEventParser();
    const lines = [
      ...p.push(Buffer.from('{"message":{"content":"a"},"done":false}\n{"done":true,"prompt_')),
      ...p.push(Buffer.from('eval_count":2,"eval_count":1}\n')),
    ];
    expect(lines).toHaveLength(2);
    const conv = ollamaAdaptor().streamConverter('chat', false, 'm');
    const steps = lines.map((l) => conv.onEvent(l));
    expect(steps[0].text).toBe('a');
    expect(steps[1].usage).toMatchObject({ promptTokens: 2, completionTokens: 1 });
  });
});
