import { type Capability, PROVIDERS, type ProviderEntry, type Protocol } from '../../../providers';
import type { ProtocolAdaptor, RelayAdaptor, RelayMode } from './adaptor';
import { anthropicAdaptor } from './native/anthropic-adaptor';
import { azureAdaptor } from './native/azure-adaptor';
import { bedrockAdaptor } from './native/bedrock-adaptor';
import { cohereAdaptor } from './native/cohere-adaptor';
import { geminiAdaptor } from './native/gemini-adaptor';
import { ollamaAdaptor } from './native/ollama-adaptor';
import { vertexAdaptor } from './native/vertex-adaptor';
import { openAiCompatibleAdaptor } from './openai/openai-adaptor';

/** How the relay talks to one channel type. */
export interface ChannelTypeEntry {
  readonly adaptor: RelayAdaptor;
  /** Used when the channel has no base_url of its own. */
  readonly defaultBaseUrl: string;
  /** A native protocol (not the OpenAI wire format): no OpenAI /models listing. */
  readonly native?: boolean;
  /** The endpoint follows from the key (Bedrock region, Vertex project): a base_url only overrides the host. */
  readonly endpointFromKey?: boolean;
}

/** One adaptor per wire protocol; the channel types come from providers/ PROVIDERS. */
const ADAPTORS: Readonly<Record<Protocol, (p: ProviderEntry) => ProtocolAdaptor>> = {
  openai: (p) => openAiCompatibleAdaptor(p.openai),
  azure: () => azureAdaptor(),
  anthropic: () => anthropicAdaptor(),
  gemini: () => geminiAdaptor(),
  ollama: () => ollamaAdaptor(),
  cohere: () => cohereAdaptor(),
  bedrock: () => bedrockAdaptor(),
  vertex: () => vertexAdaptor(),
};

const ENDPOINT_FROM_KEY: ReadonlySet<Protocol> = new Set(['bedrock', 'vertex']);

const MODES_OF: Readonly<Record<Capability, readonly RelayMode[]>> = {
  chat: ['chat'],
  stream: [],
  embeddings: ['embeddings'],
  images: ['images.generations', 'images.edits'],
  audio: ['audio.speech', 'audio.transcriptions', 'audio.translations'],
  rerank: ['rerank'],
  responses: ['responses'],
};

/**
 * The legacy endpoints that ride on 'chat' where the wire format has them: general-purpose OpenAI-format
 * APIs (those offering more than chat) serve completions and moderations, Azure serves completions.
 * Chat-only providers and full-URL channels (Custom) serve chat alone.
 */
function chatExtras(p: ProviderEntry): readonly RelayMode[] {
  if (p.protocol === 'azure') return ['completions'];
  if (p.protocol !== 'openai' || p.openai?.fullUrl) return [];
  const beyondChat = [...p.capabilities].some((c) => c !== 'chat' && c !== 'stream');
  return beyondChat ? ['completions', 'moderations'] : [];
}

/** A channel type's capabilities as relay modes; modes outside this set are refused centrally. */
export function relayModes(p: ProviderEntry): ReadonlySet<RelayMode> {
  const modes = new Set<RelayMode>();
  for (const c of p.capabilities) for (const m of MODES_OF[c]) modes.add(m);
  if (p.capabilities.has('chat')) for (const m of chatExtras(p)) modes.add(m);
  return modes;
}

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
  for (const p of PROVIDERS.values()) {
    const adaptor: RelayAdaptor = Object.freeze({ ...ADAPTORS[p.protocol](p), modes: relayModes(p) });
    entries.set(
      p.channelType,
      Object.freeze({
        adaptor,
        defaultBaseUrl: p.defaultBaseUrl,
        ...(p.protocol === 'openai' ? {} : { native: true }),
        ...(ENDPOINT_FROM_KEY.has(p.protocol) ? { endpointFromKey: true } : {}),
      }),
    );
  }
  return new AdaptorRegistry(entries);
}
