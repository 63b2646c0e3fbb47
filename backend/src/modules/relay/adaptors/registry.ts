import { CHANNEL_TYPES } from '@gw/shared';
import { OPENAI_COMPATIBLE } from '../../../providers/openai-compatible';
import type { RelayAdaptor, RelayMode } from './adaptor';
import { anthropicAdaptor } from './native/anthropic-adaptor';
import { azureAdaptor } from './native/azure-adaptor';
import { geminiAdaptor } from './native/gemini-adaptor';
import { ollamaAdaptor } from './native/ollama-adaptor';
import { openAiCompatibleAdaptor, type OpenAiFamilyConfig } from './openai/openai-adaptor';

/** How the relay talks to one channel type. */
export interface ChannelTypeEntry {
  readonly adaptor: RelayAdaptor;
  /** Used when the channel has no base_url of its own. */
  readonly defaultBaseUrl: string;
  /** A native protocol (not the OpenAI wire format). */
  readonly native?: boolean;
}

/**
 * OpenAI-compatible providers differ only by configuration: the path prefix and full-URL flag of
 * providers/openai-compatible, plus the endpoints a provider narrows the OpenAI surface to. Native
 * protocols (Anthropic, Gemini, Azure, Bedrock, Vertex, Ollama...) register their own adaptor below.
 */
const FAMILY_MODES: Readonly<Record<number, readonly RelayMode[]>> = {
  8: ['chat'], // Custom: the base URL is the chat-completions URL
  27: ['chat'], // Perplexity
};

function familyConfig(type: number): OpenAiFamilyConfig {
  const p = OPENAI_COMPATIBLE[type];
  return {
    pathPrefix: p?.pathPrefix ?? '/v1',
    ...(p?.fullUrl ? { fullUrl: true } : {}),
    ...(FAMILY_MODES[type] ? { modes: FAMILY_MODES[type] } : {}),
  };
}

/** Native protocols: each adaptor wraps the pure converters of backend/src/providers. */
const NATIVE: Readonly<Record<number, () => RelayAdaptor>> = {
  3: azureAdaptor, // Azure OpenAI
  4: ollamaAdaptor, // Ollama
  14: anthropicAdaptor, // Anthropic Claude
  24: geminiAdaptor, // Google Gemini
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
    const native = NATIVE[t.id];
    if (native) {
      entries.set(t.id, Object.freeze({ adaptor: native(), defaultBaseUrl: t.baseUrl, native: true }));
      continue;
    }
    if (!t.openaiCompatible) continue;
    entries.set(
      t.id,
      Object.freeze({ adaptor: openAiCompatibleAdaptor(familyConfig(t.id)), defaultBaseUrl: t.baseUrl }),
    );
  }
  return new AdaptorRegistry(entries);
}
