import type { Settings } from '@gw/shared';
import type { OpenAIReasoningEffort } from '../shared/openai-types';
import type { GeminiSafetySetting, GeminiThinkingConfig } from './gemini-types';

/** The Models-tab options (docs/relay.md "Provider settings") the Gemini converters read; a full Settings snapshot fits. */
export type GeminiSettings = Pick<
  Settings,
  | 'gemini.safety_settings'
  | 'gemini.version_settings'
  | 'gemini.supported_imagine_models'
  | 'gemini.thinking_adapter_enabled'
  | 'gemini.thinking_adapter_budget_tokens_percentage'
  | 'gemini.models_supported_thinking_budget'
>;

export const SAFETY_CATEGORIES = [
  'HARM_CATEGORY_HARASSMENT',
  'HARM_CATEGORY_HATE_SPEECH',
  'HARM_CATEGORY_SEXUALLY_EXPLICIT',
  'HARM_CATEGORY_DANGEROUS_CONTENT',
  'HARM_CATEGORY_CIVIC_INTEGRITY',
] as const;

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v ? v : undefined;
}

/** gemini.safety_settings: threshold by model, else by category, else "default", else OFF — for every category. */
export function safetySettings(model: string, settings: GeminiSettings): GeminiSafetySetting[] {
  const map = settings['gemini.safety_settings'] ?? {};
  return SAFETY_CATEGORIES.map((category) => ({
    category,
    threshold: str(map[model]) ?? str(map[category]) ?? str(map.default) ?? 'OFF',
  }));
}

/** gemini.version_settings: API version by model, else "default", else v1beta. */
export function apiVersion(model: string, settings: GeminiSettings): string {
  const map = settings['gemini.version_settings'] ?? {};
  return str(map[model]) ?? str(map.default) ?? 'v1beta';
}

/** Whether the model answers with images (gemini.supported_imagine_models). */
export function isImagineModel(model: string, settings: GeminiSettings): boolean {
  return (settings['gemini.supported_imagine_models'] ?? []).includes(model);
}

/** "-thinking" asks for thoughts, "-nothinking" for none; the suffix never reaches the upstream. */
export function splitGeminiSuffix(model: string): { model: string; thinking: 'on' | 'off' | null } {
  if (model.endsWith('-nothinking')) return { model: model.slice(0, -'-nothinking'.length), thinking: 'off' };
  if (model.endsWith('-thinking')) return { model: model.slice(0, -'-thinking'.length), thinking: 'on' };
  return { model, thinking: null };
}

/** Listed in gemini.models_supported_thinking_budget (an entry also covers its dated variants). */
export function supportsThinkingBudget(model: string, settings: GeminiSettings): boolean {
  return (settings['gemini.models_supported_thinking_budget'] ?? []).some((m) => typeof m === 'string' && (model === m || model.startsWith(`${m}-`)));
}

/** The smallest budget Gemini accepts when thinking cannot be turned off (2.5 Pro). */
const PRO_MIN_BUDGET = 128;
/** Budget when max tokens are unknown: -1 lets the model decide. */
const DYNAMIC_BUDGET = -1;

/**
 * thinkingConfig for a request, or undefined. Only with the adapter enabled and for models listed
 * in gemini.models_supported_thinking_budget: "-thinking" or reasoning_effort (low/medium/high) →
 * budget = maxOutputTokens × percentage (dynamic when unknown), thoughts included;
 * "-nothinking" or effort none/minimal → budget 0 (128 on Pro, which cannot turn thinking off).
 */
export function thinkingConfig(
  model: string,
  suffix: 'on' | 'off' | null,
  effort: OpenAIReasoningEffort | undefined,
  maxOutputTokens: number | undefined,
  settings: GeminiSettings,
): GeminiThinkingConfig | undefined {
  if (!settings['gemini.thinking_adapter_enabled'] || !supportsThinkingBudget(model, settings)) return undefined;
  const off = suffix === 'off' || (suffix === null && (effort === 'none' || effort === 'minimal'));
  const on = suffix === 'on' || (suffix === null && (effort === 'low' || effort === 'medium' || effort === 'high'));
  if (off) return { thinkingBudget: model.includes('-pro') ? PRO_MIN_BUDGET : 0 };
  if (!on) return undefined;
  const pct = Number(settings['gemini.thinking_adapter_budget_tokens_percentage']);
  const ratio = Number.isFinite(pct) && pct >= 0.1 && pct <= 1 ? pct : 0.6;
  const budget = maxOutputTokens ? Math.max(PRO_MIN_BUDGET, Math.floor(maxOutputTokens * ratio)) : DYNAMIC_BUDGET;
  return { thinkingBudget: budget, includeThoughts: true };
}
