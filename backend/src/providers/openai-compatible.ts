import type { Capability } from './capabilities';

/**
 * The OpenAI-compatible family as configuration over one shared adaptor (providers/openai/adaptor.ts):
 * per channel type, the path prefix that replaces the OpenAI `/v1` and what the upstream serves.
 */
export interface OpenAICompatibleConfig {
  /** Replaces the leading `/v1` of the OpenAI path ("" for none). */
  readonly pathPrefix: string;
  /** The channel's base URL is the complete chat-completions URL (Custom). */
  readonly fullUrl?: boolean;
  /** Whether it accepts stream_options.include_usage (default true). */
  readonly streamUsage?: boolean;
  readonly capabilities: readonly Capability[];
}

const CHAT: readonly Capability[] = ['chat', 'stream'];
const v1 = (capabilities: readonly Capability[]): OpenAICompatibleConfig => ({ pathPrefix: '/v1', capabilities });

export const OPENAI_COMPATIBLE: Readonly<Record<number, OpenAICompatibleConfig>> = {
  // Also the generic OpenAI-format proxy (another gateway behind it): every endpoint, rerank included.
  1: v1(['chat', 'stream', 'embeddings', 'images', 'audio', 'rerank', 'responses', 'realtime']),
  8: { pathPrefix: '', fullUrl: true, capabilities: CHAT },
  19: v1(['chat', 'stream', 'embeddings', 'images']),
  20: v1(CHAT),
  25: v1(CHAT),
  26: { pathPrefix: '/api/paas/v4', capabilities: ['chat', 'stream', 'embeddings', 'images'] },
  27: { pathPrefix: '', capabilities: CHAT },
  31: v1(CHAT),
  40: v1(['chat', 'stream', 'embeddings', 'images', 'audio', 'rerank']),
  42: v1(['chat', 'stream', 'embeddings']),
  43: v1(CHAT),
  45: { pathPrefix: '/api/v3', capabilities: ['chat', 'stream', 'embeddings', 'images'] },
  46: { pathPrefix: '/v2', capabilities: ['chat', 'stream', 'embeddings', 'images'] },
  47: v1(['chat', 'stream', 'embeddings', 'images', 'audio', 'rerank']),
  48: v1(['chat', 'stream', 'images']),
};

/** "/v1/chat/completions" → the type's path ("/api/paas/v4/chat/completions" for Zhipu GLM-4...). */
export function openAICompatiblePath(config: OpenAICompatibleConfig, openAIPath: string): string {
  const rest = openAIPath.replace(/^\/v1(?=\/|$)/, '');
  return `${config.pathPrefix}${rest}`;
}

/**
 * The upstream URL for an OpenAI path. Custom channels use their base URL verbatim; otherwise the
 * type's prefix is not repeated when the operator's base URL already ends with it (".../v1").
 */
export function openAICompatibleUrl(config: OpenAICompatibleConfig, baseUrl: string, openAIPath: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  if (config.fullUrl) return base;
  const path = openAICompatiblePath(config, openAIPath);
  if (config.pathPrefix && base.endsWith(config.pathPrefix)) return base + path.slice(config.pathPrefix.length);
  return base + path;
}
