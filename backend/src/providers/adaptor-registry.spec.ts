import { PROVIDERS, providerFor } from '.';
import { RELAY_MODES } from './provider';
import { createAdaptorRegistry, relayModes } from './adaptor-registry';
import { TEST_DEPS, testSettings } from './testing/fixtures';

const modes = (type: number) => [...relayModes(providerFor(type)!)].sort();

describe('adaptor registry (derived from providers/ PROVIDERS)', () => {
  const registry = createAdaptorRegistry(TEST_DEPS);

  it('has one entry per provider, and only those', () => {
    expect(registry.types().sort((a, b) => a - b)).toEqual([...PROVIDERS.keys()].sort((a, b) => a - b));
    for (const p of PROVIDERS.values()) {
      const entry = registry.get(p.channelType)!;
      expect(entry.defaultBaseUrl).toBe(p.defaultBaseUrl);
      expect(!!entry.native).toBe(p.protocol !== 'openai');
    }
    expect(registry.get(2)).toBeUndefined();
  });

  it('capabilities → relay modes', () => {
    expect(modes(1)).toEqual([...RELAY_MODES].sort());
    expect(modes(8)).toEqual(['chat']);
    expect(modes(27)).toEqual(['chat']);
    expect(modes(26)).toEqual([
      'chat',
      'completions',
      'embeddings',
      'images.edits',
      'images.generations',
      'moderations',
    ]);
    expect(modes(3)).toEqual([...RELAY_MODES].filter((m) => m !== 'moderations' && m !== 'rerank').sort());
    expect(modes(24)).toEqual(['chat', 'embeddings']);
    expect(modes(4)).toEqual(['chat', 'embeddings']);
    expect(modes(34)).toEqual(['chat', 'rerank']);
    expect(modes(33)).toEqual(['chat']);
    expect(modes(41)).toEqual(['chat']);
    expect(registry.get(14)!.adaptor.modes).toEqual(new Set(['chat']));
  });

  it('Bedrock and Vertex take their endpoint from the key; they stream and list as their protocol needs', () => {
    expect(registry.get(33)).toMatchObject({ endpointFromKey: true, adaptor: { streamFraming: 'aws-eventstream' } });
    expect(registry.get(41)!.endpointFromKey).toBe(true);
    expect(typeof registry.get(41)!.adaptor.prepare).toBe('function');
    expect(registry.get(34)!.adaptor.models).toBeDefined();
    expect(registry.get(24)!.endpointFromKey).toBeUndefined();
  });

  it('OpenAI family URLs: type prefixes, Custom full URL verbatim', () => {
    const call = (type: number, baseUrl: string) =>
      registry.get(type)!.adaptor.buildCall({
        mode: 'chat',
        body: { kind: 'json', json: { messages: [] } },
        upstreamModel: 'm',
        stream: false,
        target: { baseUrl, key: 'k', organization: '', paramOverride: null, other: '' },
        settings: testSettings(),
      });
    expect(call(26, 'https://open.bigmodel.cn').path).toBe('/api/paas/v4/chat/completions');
    expect(call(43, 'https://api.deepseek.com/v1/').path).toBe('/v1/chat/completions');
    const custom = call(8, 'https://llm.example.com/team/chat?x=1');
    expect(`${custom.origin}${custom.path}`).toBe('https://llm.example.com/team/chat?x=1');
  });
});
