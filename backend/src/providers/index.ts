import { CHANNEL_TYPES } from '@gw/shared';
import type { Capability, Protocol } from './capabilities';
import { OPENAI_COMPATIBLE, type OpenAICompatibleConfig } from './openai-compatible';

export { CAPABILITIES, type Capability, type Protocol } from './capabilities';
export { OPENAI_COMPATIBLE, openAICompatiblePath, openAICompatibleUrl, type OpenAICompatibleConfig } from './openai-compatible';

/** One registry row per supported channel type (names and default base URLs come from libs/shared). */
export interface ProviderEntry {
  readonly channelType: number;
  readonly name: string;
  readonly defaultBaseUrl: string;
  readonly protocol: Protocol;
  readonly capabilities: ReadonlySet<Capability>;
  /** Present for the OpenAI-compatible family. */
  readonly openai?: OpenAICompatibleConfig;
}

/** Native protocols: what each upstream serves through the converters of its folder. */
const NATIVE: Readonly<Record<number, { protocol: Protocol; capabilities: readonly Capability[] }>> = {
  3: { protocol: 'azure', capabilities: ['chat', 'stream', 'embeddings', 'images', 'audio', 'responses'] },
  4: { protocol: 'ollama', capabilities: ['chat', 'stream', 'embeddings'] },
  14: { protocol: 'anthropic', capabilities: ['chat', 'stream'] },
  24: { protocol: 'gemini', capabilities: ['chat', 'stream', 'embeddings'] },
  33: { protocol: 'bedrock', capabilities: ['chat', 'stream'] },
  34: { protocol: 'cohere', capabilities: ['chat', 'stream', 'rerank'] },
  41: { protocol: 'vertex', capabilities: ['chat', 'stream'] },
};

function buildRegistry(): ReadonlyMap<number, ProviderEntry> {
  const rows = new Map<number, ProviderEntry>();
  for (const t of CHANNEL_TYPES) {
    const native = NATIVE[t.id];
    const openai = t.openaiCompatible ? OPENAI_COMPATIBLE[t.id] : undefined;
    if (!native && !openai) continue;
    rows.set(
      t.id,
      Object.freeze({
        channelType: t.id,
        name: t.name,
        defaultBaseUrl: t.baseUrl,
        protocol: native?.protocol ?? 'openai',
        capabilities: new Set(native?.capabilities ?? openai?.capabilities ?? []),
        ...(openai ? { openai } : {}),
      }),
    );
  }
  return rows;
}

/** Channel type id → provider entry, for every type the relay can serve. */
export const PROVIDERS: ReadonlyMap<number, ProviderEntry> = buildRegistry();

export function providerFor(channelType: number): ProviderEntry | undefined {
  return PROVIDERS.get(channelType);
}

/** Whether a channel type serves a capability (unknown types serve nothing). */
export function supports(channelType: number, capability: Capability): boolean {
  return PROVIDERS.get(channelType)?.capabilities.has(capability) ?? false;
}

// Converters and helpers, per protocol (all pure).
export * from './shared/openai-types';
export * from './shared/usage';
export * from './shared/chunks';
export * from './shared/collect-chunks';
export * from './shared/content';
export * from './shared/errors';
export * from './shared/destination';
export * from './shared/finish-reason';
export * from './shared/ndjson';
export * from './anthropic/anthropic-types';
export * from './anthropic/claude-settings';
export * from './anthropic/request-from-openai';
export * from './anthropic/response-to-openai';
export * from './anthropic/stream-to-openai';
export * from './anthropic/request-to-openai';
export * from './anthropic/response-from-openai';
export * from './anthropic/stream-from-openai';
export * from './anthropic/error-body';
export * from './gemini/gemini-types';
export * from './gemini/gemini-settings';
export * from './gemini/gemini-urls';
export * from './gemini/schema';
export * from './gemini/request-from-openai';
export * from './gemini/response-to-openai';
export * from './gemini/stream-to-openai';
export * from './gemini/request-to-openai';
export * from './gemini/response-from-openai';
export * from './gemini/stream-from-openai';
export * from './gemini/embeddings';
export * from './gemini/error-body';
export * from './ollama/ollama-types';
export * from './ollama/chat';
export * from './ollama/stream';
export * from './ollama/embed';
export * from './cohere/cohere-types';
export * from './cohere/chat';
export * from './cohere/stream';
export * from './cohere/rerank';
export * from './azure/azure-url';
export * from './bedrock/sigv4';
export * from './bedrock/event-stream';
export * from './bedrock/bedrock-claude';
export * from './bedrock/stream-events';
export * from './vertex/service-account';
export * from './vertex/vertex-urls';
export * from './model-lists';
