import type { AdaptorTarget } from './provider';
import { anthropicAdaptor } from './anthropic/adaptor';
import { azureAdaptor } from './azure/adaptor';
import { geminiAdaptor } from './gemini/adaptor';
import { ollamaAdaptor } from './ollama/adaptor';
import { openAIAdaptor, openAIModelIds } from './openai/adaptor';
import { createAdaptorRegistry } from './adaptor-registry';
import { OPENAI_CONFIG, TEST_DEPS, testSettings } from './testing/fixtures';

const target = (baseUrl: string, extra: Partial<AdaptorTarget> = {}): AdaptorTarget => ({
  baseUrl,
  key: 'k',
  organization: '',
  paramOverride: null,
  other: '',
  ...extra,
});
const json = (v: unknown) => Buffer.from(JSON.stringify(v));

describe('model listings', () => {
  it('OpenAI family: GET {prefix}/models with the Bearer key; data[].id or a bare array', () => {
    const r = createAdaptorRegistry(TEST_DEPS);
    const call = r.get(26)!.adaptor.models!.call(target('https://open.bigmodel.cn/', { organization: 'org' }));
    expect(call).toMatchObject({
      origin: 'https://open.bigmodel.cn',
      path: '/api/paas/v4/models',
      method: 'GET',
      body: null,
    });
    expect(call.headers).toMatchObject({ authorization: 'Bearer k', 'openai-organization': 'org' });
    expect(r.get(1)!.adaptor.models!.call(target('https://proxy.example/openai')).path).toBe('/openai/v1/models');
    expect(r.get(27)!.adaptor.models!.call(target('https://api.perplexity.ai')).path).toBe('/models');
    const read = openAIAdaptor(OPENAI_CONFIG).models!.read;
    expect(read(json({ object: 'list', data: [{ id: 'a' }, { id: 'b' }, { x: 1 }] }))).toEqual(['a', 'b']);
    expect(openAIModelIds(['a', { id: 'b' }, 3])).toEqual(['a', 'b']);
    expect(() => read(Buffer.from('<html>'))).toThrow();
  });

  it('Custom (full URL) has no listing and sends chat to its URL verbatim', () => {
    const custom = createAdaptorRegistry(TEST_DEPS).get(8)!.adaptor;
    expect(custom.models).toBeUndefined();
    const call = custom.buildCall({
      mode: 'chat',
      body: { kind: 'json', json: { messages: [] } },
      upstreamModel: 'm',
      stream: false,
      target: target('https://gw.example/x/chat?v=2'),
      settings: testSettings(),
    });
    expect(call).toMatchObject({ origin: 'https://gw.example', path: '/x/chat?v=2' });
  });

  it('Anthropic: GET /v1/models?limit=1000 with x-api-key and anthropic-version', () => {
    const l = anthropicAdaptor().models!;
    const call = l.call(target('https://api.anthropic.com'));
    expect(call.path).toBe('/v1/models?limit=1000');
    expect(call.headers).toMatchObject({ 'x-api-key': 'k', 'anthropic-version': '2023-06-01' });
    expect(call.headers.authorization).toBeUndefined();
    expect(l.read(json({ data: [{ type: 'model', id: 'claude-sonnet-4-5' }], has_more: false }))).toEqual([
      'claude-sonnet-4-5',
    ]);
  });

  it('Gemini: GET /v1beta/models?pageSize=1000 with x-goog-api-key; names without "models/"', () => {
    const l = geminiAdaptor().models!;
    const call = l.call(target('https://generativelanguage.googleapis.com/'));
    expect(call.path).toBe('/v1beta/models?pageSize=1000');
    expect(call.headers['x-goog-api-key']).toBe('k');
    expect(call.path).not.toContain('key=');
    expect(
      l.read(json({ models: [{ name: 'models/gemini-2.0-flash' }, { name: 'models/text-embedding-004' }] })),
    ).toEqual(['gemini-2.0-flash', 'text-embedding-004']);
  });

  it('Azure: GET /openai/models with api-key and the api-version from `other`', () => {
    const l = azureAdaptor().models!;
    const call = l.call(target('https://r.openai.azure.com', { other: '2025-01-01-preview' }));
    expect(call.path).toBe('/openai/models?api-version=2025-01-01-preview');
    expect(call.headers).toMatchObject({ 'api-key': 'k' });
    expect(call.headers.authorization).toBeUndefined();
    expect(l.read(json({ object: 'list', data: [{ id: 'gpt-4o', status: 'succeeded' }] }))).toEqual(['gpt-4o']);
  });

  it('Ollama: GET /api/tags → models[].name; Bearer only when a key is set', () => {
    const l = ollamaAdaptor().models!;
    expect(l.call(target('http://localhost:11434', { key: '' }))).toMatchObject({
      path: '/api/tags',
      headers: { accept: 'application/json' },
    });
    expect(l.call(target('http://localhost:11434')).headers.authorization).toBe('Bearer k');
    expect(l.read(json({ models: [{ name: 'llama3.2:latest', size: 1 }] }))).toEqual(['llama3.2:latest']);
  });
});
