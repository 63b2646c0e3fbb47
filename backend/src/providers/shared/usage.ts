import type { TokenUsage } from '@gw/shared';
import type { OpenAIUsage } from './openai-types';

/** A token count as a non-negative integer (NaN, negatives and non-numbers become 0). */
export function tokenCount(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) && n > 0 ? Math.round(n) : 0;
}

export interface UsageParts {
  /** All prompt tokens, cached and cache-written ones included. */
  prompt: unknown;
  completion: unknown;
  cached?: unknown;
  cacheCreation?: unknown;
  reasoning?: unknown;
  total?: unknown;
}

/**
 * Builds an OpenAI usage object: integers, never negative; cached and created never exceed the
 * prompt, reasoning never exceeds the completion; total at least prompt + completion.
 */
export function openAIUsage(parts: UsageParts): OpenAIUsage {
  const prompt = tokenCount(parts.prompt);
  const completion = tokenCount(parts.completion);
  const cached = Math.min(tokenCount(parts.cached), prompt);
  const created = Math.min(tokenCount(parts.cacheCreation), prompt - cached);
  const reasoning = Math.min(tokenCount(parts.reasoning), completion);
  const usage: OpenAIUsage = {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: Math.max(tokenCount(parts.total), prompt + completion),
  };
  if (cached || created) {
    usage.prompt_tokens_details = { cached_tokens: cached };
    if (created) usage.prompt_tokens_details.cache_creation_tokens = created;
  }
  if (reasoning) usage.completion_tokens_details = { reasoning_tokens: reasoning };
  return usage;
}

/** Re-normalises a usage object received from an OpenAI-format upstream. */
export function normalizeOpenAIUsage(u: Partial<OpenAIUsage> | null | undefined): OpenAIUsage {
  return openAIUsage({
    prompt: u?.prompt_tokens,
    completion: u?.completion_tokens,
    cached: u?.prompt_tokens_details?.cached_tokens,
    cacheCreation: u?.prompt_tokens_details?.cache_creation_tokens,
    reasoning: u?.completion_tokens_details?.reasoning_tokens,
    total: u?.total_tokens,
  });
}

/** OpenAI usage → the billing shape of libs/shared (cached and created are parts of prompt). */
export function toTokenUsage(u: OpenAIUsage): TokenUsage {
  const n = normalizeOpenAIUsage(u);
  return {
    promptTokens: n.prompt_tokens,
    completionTokens: n.completion_tokens,
    cachedTokens: n.prompt_tokens_details?.cached_tokens ?? 0,
    cacheCreationTokens: n.prompt_tokens_details?.cache_creation_tokens ?? 0,
  };
}
