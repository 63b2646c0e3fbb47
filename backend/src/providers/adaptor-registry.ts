import type { Capability } from './capabilities';
import { openAIAdaptor } from './openai/adaptor';
import type { BalanceQuery, ProtocolAdaptor, ProviderDeps, RelayAdaptor, RelayMode } from './provider';
import { PROVIDERS, type ProviderEntry } from './registry';

/** How the relay and channel management talk to one channel type. */
export interface ChannelTypeEntry {
  readonly adaptor: RelayAdaptor;
  /** Used when the channel has no base_url of its own. */
  readonly defaultBaseUrl: string;
  /** A native protocol (not the OpenAI wire format): no OpenAI /models listing. */
  readonly native?: boolean;
  /** The endpoint follows from the key (Bedrock region, Vertex project): a base_url only overrides the host. */
  readonly endpointFromKey?: boolean;
  /** Present when the provider reports a key's balance. */
  readonly balance?: BalanceQuery;
}

const MODES_OF: Readonly<Record<Capability, readonly RelayMode[]>> = {
  chat: ['chat'],
  stream: [],
  embeddings: ['embeddings'],
  images: ['images.generations', 'images.edits'],
  audio: ['audio.speech', 'audio.transcriptions', 'audio.translations'],
  rerank: ['rerank'],
  responses: ['responses'],
  // The Realtime WebSocket relay is not an HTTP relay mode (modules/relay/realtime).
  realtime: [],
};

/**
 * The legacy endpoints that ride on 'chat' where the wire format has them: general-purpose OpenAI-format
 * APIs (those offering more than chat) serve completions and moderations; a native provider declares
 * its own (Azure: completions). Chat-only providers and full-URL channels (Custom) serve chat alone.
 */
function chatExtras(p: ProviderEntry): readonly RelayMode[] {
  if (p.native) return p.native.chatExtras ?? [];
  if (p.openai?.fullUrl) return [];
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

function protocolAdaptor(p: ProviderEntry, deps: ProviderDeps): ProtocolAdaptor {
  if (p.native) return p.native.adaptor(deps);
  if (p.openai) return openAIAdaptor(p.openai);
  throw new Error(`channel type ${p.channelType} has neither a native provider nor an OpenAI-compatible row`);
}

/** The adaptor of every registered channel type; `deps` carries the I/O some adaptors need (Vertex tokens). */
export function createAdaptorRegistry(deps: ProviderDeps): AdaptorRegistry {
  const entries = new Map<number, ChannelTypeEntry>();
  for (const p of PROVIDERS.values()) {
    const adaptor: RelayAdaptor = Object.freeze({ ...protocolAdaptor(p, deps), modes: relayModes(p) });
    entries.set(
      p.channelType,
      Object.freeze({
        adaptor,
        defaultBaseUrl: p.defaultBaseUrl,
        ...(p.native ? { native: true } : {}),
        ...(p.native?.endpointFromKey ? { endpointFromKey: true } : {}),
        ...(p.balance ? { balance: p.balance } : {}),
      }),
    );
  }
  return new AdaptorRegistry(entries);
}
