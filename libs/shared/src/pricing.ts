import { DEFAULT_COMPLETION_RATIO, DEFAULT_UNSET_MODEL_RATIO } from './pricing-defaults';
import { callQuota, tokenQuota, type TokenRatios, type TokenUsage } from './quota';

/**
 * How one model is priced, resolved from the ModelPrice / ModelRatio / CompletionRatio / CacheRatio
 * option maps. Pure; shared by the relay (billing) and the console (pricing pages).
 */
export type ModelPricing =
  | { readonly kind: 'call'; readonly modelPrice: number }
  | {
      readonly kind: 'token';
      readonly modelRatio: number;
      readonly completionRatio: number;
      readonly cacheRatio: number;
      readonly cacheCreationRatio: number;
      readonly audioRatio: number;
      readonly audioCompletionRatio: number;
    };

export interface PriceTables {
  readonly ModelPrice: Readonly<Record<string, unknown>>;
  readonly ModelRatio: Readonly<Record<string, unknown>>;
  readonly CompletionRatio: Readonly<Record<string, unknown>>;
  readonly CacheRatio: Readonly<Record<string, unknown>>;
  readonly CreateCacheRatio?: Readonly<Record<string, unknown>>;
  readonly AudioRatio?: Readonly<Record<string, unknown>>;
  readonly AudioCompletionRatio?: Readonly<Record<string, unknown>>;
}

/** Anthropic bills prompt-cache writes at 1.25× the prompt price (Claude models without a CreateCacheRatio entry). */
const CLAUDE_CACHE_CREATION_RATIO = 1.25;

const finiteNonNeg = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined;

/** Names to try for a model: itself, then without a release-date suffix (gpt-4o-2024-08-06 → gpt-4o). */
export function pricingNames(model: string): string[] {
  const base = model.replace(/-(\d{4}-\d{2}-\d{2}|\d{8})$/, '');
  return base !== model && base ? [model, base] : [model];
}

function lookup(map: Readonly<Record<string, unknown>>, names: readonly string[]): number | undefined {
  for (const n of names) {
    const v = finiteNonNeg(map[n]);
    if (v !== undefined) return v;
  }
  return undefined;
}

/**
 * A fixed price (per call) wins over a ratio; null when the model has neither (unpriced: refused
 * unless self-use mode or the user's accept_unset_model_ratio_model).
 */
export function resolveModelPricing(model: string, t: PriceTables): ModelPricing | null {
  const names = pricingNames(model);
  const modelPrice = lookup(t.ModelPrice, names);
  if (modelPrice !== undefined) return { kind: 'call', modelPrice };
  const modelRatio = lookup(t.ModelRatio, names);
  if (modelRatio === undefined) return null;
  return tokenPricing(model, modelRatio, t);
}

/** The per-token ratios of a model around its model ratio; unset ones take their defaults. */
function tokenPricing(model: string, modelRatio: number, t: PriceTables): ModelPricing {
  const names = pricingNames(model);
  const none = {};
  return {
    kind: 'token',
    modelRatio,
    completionRatio: lookup(t.CompletionRatio, names) ?? lookup(DEFAULT_COMPLETION_RATIO, names) ?? 1,
    cacheRatio: lookup(t.CacheRatio, names) ?? 1,
    cacheCreationRatio:
      lookup(t.CreateCacheRatio ?? none, names) ?? (model.startsWith('claude') ? CLAUDE_CACHE_CREATION_RATIO : 1),
    audioRatio: lookup(t.AudioRatio ?? none, names) ?? 1,
    audioCompletionRatio: lookup(t.AudioCompletionRatio ?? none, names) ?? 1,
  };
}

/**
 * Pricing of a model with neither price nor ratio, for a user who accepts such models
 * (accept_unset_model_ratio_model): the operator's UnsetModelRatio, never free.
 */
export function unsetModelPricing(model: string, unsetRatio: number, t: PriceTables): ModelPricing {
  const ratio = Number.isFinite(unsetRatio) && unsetRatio > 0 ? unsetRatio : DEFAULT_UNSET_MODEL_RATIO;
  return tokenPricing(model, ratio, t);
}

/** Pricing used for an unpriced model that is allowed anyway (self-use mode): free. */
export const FREE_PRICING: ModelPricing = Object.freeze({
  kind: 'token',
  modelRatio: 0,
  completionRatio: 1,
  cacheRatio: 1,
  cacheCreationRatio: 1,
  audioRatio: 1,
  audioCompletionRatio: 1,
});

/** What decides the price of an unpriced model besides the price tables. */
export interface UnpricedRule {
  readonly SelfUseModeEnabled: boolean;
  readonly UnsetModelRatio: number;
}

/**
 * The pricing a caller gets for a model (docs/billing.md#the-price-of-a-model): its price or ratios;
 * for an unpriced model, free in self-use mode, the UnsetModelRatio for a caller who accepts unpriced
 * models (accept_unset_model_ratio_model), otherwise null (the request is refused). The relay's
 * admission and the public pricing list both use this rule.
 */
export function callerPricing(model: string, t: PriceTables & UnpricedRule, acceptUnpriced: boolean): ModelPricing | null {
  const priced = resolveModelPricing(model, t);
  if (priced) return priced;
  if (t.SelfUseModeEnabled) return FREE_PRICING;
  return acceptUnpriced ? unsetModelPricing(model, t.UnsetModelRatio, t) : null;
}

/** GroupRatio of a group; 1 when the group has no (valid) entry. */
export function groupRatioOf(group: string, groupRatios: Readonly<Record<string, unknown>>): number {
  return finiteNonNeg(groupRatios[group]) ?? 1;
}

export function tokenRatios(p: Extract<ModelPricing, { kind: 'token' }>, groupRatio: number): TokenRatios {
  return {
    modelRatio: p.modelRatio,
    completionRatio: p.completionRatio,
    groupRatio,
    cacheRatio: p.cacheRatio,
    cacheCreationRatio: p.cacheCreationRatio,
    audioRatio: p.audioRatio,
    audioCompletionRatio: p.audioCompletionRatio,
  };
}

/**
 * The final charge for one request. Per call: ModelPrice × QuotaPerUnit × GroupRatio × calls, where
 * `calls` are billable units (images: n × imagePriceRatio; may be fractional, never below 0). Per
 * token: the tokenQuota formula.
 */
export function usageQuota(
  p: ModelPricing,
  groupRatio: number,
  usage: TokenUsage,
  quotaPerUnit: number,
  calls = 1,
): number {
  if (p.kind === 'call') {
    const units = Number.isFinite(calls) && calls > 0 ? calls : 1;
    return callQuota(p.modelPrice * units, groupRatio, quotaPerUnit);
  }
  return tokenQuota(usage, tokenRatios(p, groupRatio));
}

const WIDE_SIZES = new Set(['1024x1792', '1792x1024']);

/**
 * Price of one generated image relative to the model's ModelPrice, as new-api prices them: DALL·E
 * by size (256² 0.4, 512² 0.45, 1024² 1, 1024×1792 / 1792×1024 2) and dall-e-3 `hd` quality (×2, ×1.5
 * for the wide sizes); gpt-image-1 by size (1024×1536 / 1536×1024 1.5) and quality (low 0.5, high 2).
 */
export function imagePriceRatio(model: string, size: unknown, quality: unknown): number {
  const s = typeof size === 'string' ? size : '';
  const q = typeof quality === 'string' ? quality : '';
  if (model.startsWith('dall-e')) {
    const sizeRatio = s === '256x256' ? 0.4 : s === '512x512' ? 0.45 : WIDE_SIZES.has(s) ? 2 : 1;
    const qualityRatio = model === 'dall-e-3' && q === 'hd' ? (WIDE_SIZES.has(s) ? 1.5 : 2) : 1;
    return sizeRatio * qualityRatio;
  }
  if (model.startsWith('gpt-image-1')) {
    const sizeRatio = s === '1024x1536' || s === '1536x1024' ? 1.5 : 1;
    const qualityRatio = q === 'low' ? 0.5 : q === 'high' ? 2 : 1;
    return sizeRatio * qualityRatio;
  }
  return 1;
}

export interface ReservationInput {
  promptTokens: number;
  /** max_tokens (× n) when the client set it, else 0. */
  maxCompletionTokens: number;
  /** PreConsumedQuota: the least number of prompt tokens to reserve for. */
  preConsumedTokens: number;
  quotaPerUnit: number;
  calls?: number;
}

/**
 * What to reserve before the upstream call: per call, the exact price; per token, the price of
 * max(prompt estimate, PreConsumedQuota) prompt tokens plus max_tokens completion tokens.
 */
export function reservationQuota(p: ModelPricing, groupRatio: number, r: ReservationInput): number {
  if (p.kind === 'call')
    return usageQuota(p, groupRatio, { promptTokens: 0, completionTokens: 0 }, r.quotaPerUnit, r.calls);
  const promptTokens = Math.max(r.promptTokens, r.preConsumedTokens);
  return tokenQuota({ promptTokens, completionTokens: r.maxCompletionTokens }, tokenRatios(p, groupRatio));
}
