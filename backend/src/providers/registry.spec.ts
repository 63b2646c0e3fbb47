import { CHANNEL_TYPES } from '@gw/shared';
import { CAPABILITIES, OPENAI_COMPATIBLE, openAICompatibleUrl, PROVIDERS, providerFor, supports } from './index';
import { modelIdsFromCohereList } from './cohere/adaptor';
import { modelIdsFromDataList } from './shared/model-listing';
import { modelIdsFromVertexList, vertexModelsUrl } from './vertex/vertex-urls';

describe('provider registry', () => {
  it('native protocols by channel type', () => {
    expect([3, 4, 14, 24, 33, 34, 41].map((id) => [id, providerFor(id)?.protocol])).toEqual([
      [3, 'azure'],
      [4, 'ollama'],
      [14, 'anthropic'],
      [24, 'gemini'],
      [33, 'bedrock'],
      [34, 'cohere'],
      [41, 'vertex'],
    ]);
  });

  it('every OpenAI-compatible type of libs/shared has a configuration, and only those', () => {
    const compatible = CHANNEL_TYPES.filter((t) => t.openaiCompatible).map((t) => t.id);
    expect(
      Object.keys(OPENAI_COMPATIBLE)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual(compatible);
    for (const id of compatible)
      expect(providerFor(id)).toMatchObject({ protocol: 'openai', openai: OPENAI_COMPATIBLE[id] });
  });

  it('names and default base URLs come from the shared channel-type table', () => {
    for (const entry of PROVIDERS.values()) {
      const t = CHANNEL_TYPES.find((c) => c.id === entry.channelType);
      expect([entry.name, entry.defaultBaseUrl]).toEqual([t?.name, t?.baseUrl]);
      for (const c of entry.capabilities) expect(CAPABILITIES).toContain(c);
      expect(entry.capabilities.has('chat')).toBe(true);
    }
  });

  it('capabilities answer what is served; unknown and unsupported types serve nothing', () => {
    expect(supports(14, 'chat')).toBe(true);
    expect(supports(14, 'embeddings')).toBe(false);
    expect(supports(34, 'rerank')).toBe(true);
    expect(supports(3, 'responses')).toBe(true);
    expect(supports(2, 'chat')).toBe(false);
    expect(supports(999, 'chat')).toBe(false);
  });

  it.each([
    [1, 'https://api.openai.com', '/v1/chat/completions', 'https://api.openai.com/v1/chat/completions'],
    [43, 'https://api.deepseek.com/v1/', '/v1/chat/completions', 'https://api.deepseek.com/v1/chat/completions'],
    [26, 'https://open.bigmodel.cn', '/v1/chat/completions', 'https://open.bigmodel.cn/api/paas/v4/chat/completions'],
    [26, 'https://open.bigmodel.cn/api/paas/v4', '/v1/embeddings', 'https://open.bigmodel.cn/api/paas/v4/embeddings'],
    [
      45,
      'https://ark.cn-beijing.volces.com',
      '/v1/chat/completions',
      'https://ark.cn-beijing.volces.com/api/v3/chat/completions',
    ],
    [46, 'https://qianfan.baidubce.com', '/v1/chat/completions', 'https://qianfan.baidubce.com/v2/chat/completions'],
    [27, 'https://api.perplexity.ai', '/v1/chat/completions', 'https://api.perplexity.ai/chat/completions'],
    [20, 'https://openrouter.ai/api', '/v1/models', 'https://openrouter.ai/api/v1/models'],
    [8, 'https://llm.example.com/custom/chat', '/v1/chat/completions', 'https://llm.example.com/custom/chat'],
  ])('type %d: %s + %s → %s', (type, base, path, url) => {
    expect(openAICompatibleUrl(OPENAI_COMPATIBLE[type], base, path)).toBe(url);
  });
});

describe('model lists', () => {
  it('OpenAI-style data lists (OpenAI, Anthropic, compatible family)', () => {
    expect(
      modelIdsFromDataList({
        data: [{ id: 'claude-sonnet-4-20250514', type: 'model' }, { id: '' }, {}],
        has_more: false,
      }),
    ).toEqual(['claude-sonnet-4-20250514']);
    expect(modelIdsFromDataList(null)).toEqual([]);
  });

  it('Cohere models, optionally by endpoint', () => {
    const list = {
      models: [
        { name: 'command-a-03-2025', endpoints: ['chat'] },
        { name: 'rerank-v3.5', endpoints: ['rerank'] },
      ],
    };
    expect(modelIdsFromCohereList(list)).toEqual(['command-a-03-2025', 'rerank-v3.5']);
    expect(modelIdsFromCohereList(list, 'chat')).toEqual(['command-a-03-2025']);
  });

  it('Vertex Model Garden publisher models, by region', () => {
    const list = { publisherModels: [{ name: 'publishers/google/models/gemini-2.0-flash-001' }, { name: 'bad' }, {}] };
    expect(modelIdsFromVertexList(list)).toEqual(['gemini-2.0-flash-001']);
    expect(modelIdsFromVertexList(undefined)).toEqual([]);
    expect(vertexModelsUrl('us-central1')).toBe(
      'https://us-central1-aiplatform.googleapis.com/v1beta1/publishers/google/models?pageSize=1000',
    );
    expect(vertexModelsUrl('global')).toBe(
      'https://aiplatform.googleapis.com/v1beta1/publishers/google/models?pageSize=1000',
    );
  });
});
