import { CHANNEL_TYPES } from '@gw/shared';
import type { RelayAdaptor } from './adaptor';
import { openAiCompatibleAdaptor, type OpenAiFamilyConfig } from './openai/openai-adaptor';

/** How the relay talks to one channel type. */
export interface ChannelTypeEntry {
  readonly adaptor: RelayAdaptor;
  /** Used when the channel has no base_url of its own. */
  readonly defaultBaseUrl: string;
}

/**
 * OpenAI-compatible providers differ only by configuration. Native protocols (Anthropic, Gemini,
 * Azure, Bedrock, Vertex, Ollama...) register their own adaptor in createAdaptorRegistry.
 */
const OPENAI_FAMILY: Readonly<Record<number, OpenAiFamilyConfig>> = {
  26: { pathPrefix: '/api/paas/v4' }, // Zhipu GLM-4
  27: { pathPrefix: '', modes: ['chat'] }, // Perplexity
  45: { pathPrefix: '/api/v3' }, // VolcEngine Ark
  46: { pathPrefix: '/v2' }, // Baidu Qianfan V2
};

/** Channel type → adaptor. Immutable once built; unknown types have no entry (refused centrally). */
export class AdaptorRegistry {
  constructor(private readonly entries: ReadonlyMap<number, ChannelTypeEntry>) {}

  get(type: number): ChannelTypeEntry | undefined {
    return this.entries.get(type);
  }

  types(): number[] {
    return [...this.entries.keys()];
  }
}

export function createAdaptorRegistry(): AdaptorRegistry {
  const entries = new Map<number, ChannelTypeEntry>();
  for (const t of CHANNEL_TYPES) {
    if (!t.openaiCompatible) continue;
    entries.set(
      t.id,
      Object.freeze({ adaptor: openAiCompatibleAdaptor(OPENAI_FAMILY[t.id]), defaultBaseUrl: t.baseUrl }),
    );
  }
  return new AdaptorRegistry(entries);
}
