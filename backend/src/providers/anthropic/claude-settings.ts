import type { Settings } from '@gw/shared';
import type { OpenAIReasoningEffort } from '../shared/openai-types';

/** The Models-tab options (docs/relay.md "Provider settings") the Claude converters read; a full Settings snapshot fits. */
export type ClaudeSettings = Pick<
  Settings,
  | 'claude.default_max_tokens'
  | 'claude.thinking_adapter_enabled'
  | 'claude.thinking_adapter_budget_tokens_percentage'
  | 'claude.model_headers_settings'
>;

export const THINKING_SUFFIX = '-thinking';
/** Anthropic's documented minimum for thinking.budget_tokens. */
export const MIN_THINKING_BUDGET = 1024;
const FALLBACK_MAX_TOKENS = 8192;

/** "claude-3-7-sonnet-20250219-thinking" → base model + thinking flag. */
export function splitThinkingSuffix(model: string): { model: string; thinking: boolean } {
  return model.endsWith(THINKING_SUFFIX)
    ? { model: model.slice(0, -THINKING_SUFFIX.length), thinking: true }
    : { model, thinking: false };
}

function positiveInt(v: unknown): number | undefined {
  const n = Number(v);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : undefined;
}

/** claude.default_max_tokens: the model's entry (full name, then without suffix), else "default", else 8192. */
export function defaultMaxTokens(model: string, settings: ClaudeSettings): number {
  const map = settings['claude.default_max_tokens'] ?? {};
  return (
    positiveInt(map[model]) ?? positiveInt(map[splitThinkingSuffix(model).model]) ?? positiveInt(map.default) ?? FALLBACK_MAX_TOKENS
  );
}

/** Whether the thinking adapter turns thinking on for this request. */
export function wantsThinking(suffix: boolean, effort: OpenAIReasoningEffort | undefined, settings: ClaudeSettings): boolean {
  if (!settings['claude.thinking_adapter_enabled']) return false;
  return suffix || effort === 'low' || effort === 'medium' || effort === 'high';
}

/**
 * budget_tokens = floor(max_tokens × percentage), at least 1024; max_tokens is raised when it would
 * not leave room above the budget (Anthropic requires budget_tokens < max_tokens).
 */
export function thinkingBudget(maxTokens: number, settings: ClaudeSettings): { budget: number; maxTokens: number } {
  const pct = Number(settings['claude.thinking_adapter_budget_tokens_percentage']);
  const ratio = Number.isFinite(pct) && pct >= 0.1 && pct <= 1 ? pct : 0.8;
  const budget = Math.max(MIN_THINKING_BUDGET, Math.floor(maxTokens * ratio));
  return { budget, maxTokens: budget < maxTokens ? maxTokens : budget + MIN_THINKING_BUDGET };
}

/** Extra request headers for a model from claude.model_headers_settings (array values joined by ","). */
export function claudeModelHeaders(model: string, settings: ClaudeSettings): Record<string, string> {
  const map = settings['claude.model_headers_settings'] ?? {};
  const entry = map[model] ?? map[splitThinkingSuffix(model).model];
  const out: Record<string, string> = {};
  if (!entry || typeof entry !== 'object') return out;
  for (const [name, value] of Object.entries(entry as Record<string, unknown>)) {
    if (Array.isArray(value)) out[name.toLowerCase()] = value.map(String).join(',');
    else if (typeof value === 'string' || typeof value === 'number') out[name.toLowerCase()] = String(value);
  }
  return out;
}

export const ANTHROPIC_VERSION = '2023-06-01';

/** Headers of every direct Anthropic call: key and API version. */
export function anthropicKeyHeaders(apiKey: string): Record<string, string> {
  return { 'content-type': 'application/json', 'x-api-key': apiKey, 'anthropic-version': ANTHROPIC_VERSION };
}

/** Headers of a direct Anthropic model call: key, API version, then the model's configured extras. */
export function anthropicHeaders(apiKey: string, model: string, settings: ClaudeSettings): Record<string, string> {
  return { ...anthropicKeyHeaders(apiKey), ...claudeModelHeaders(model, settings) };
}
