import { DEFAULT_COMPLETION_RATIO } from './pricing-defaults';
import { callQuota, saturateQuota, tokenQuota, type TokenRatios, type TokenUsage } from './quota';

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
    };

export interface PriceTables {
  readonly ModelPrice: Readonly<Record<string, unknown>>;
  readonly ModelRatio: Readonly<Record<string, unknown>>;
  readonly CompletionRatio: Readonly<Record<string, unknown>>;
  readonly CacheRatio: Readonly<Record<string, unknown>>;
}

/** Anthropic bills prompt-cache writes at 1.25× the prompt price. */
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
  return {
    kind: 'token',
    modelRatio,
    completionRatio: lookup(t.CompletionRatio, names) ?? lookup(DEFAULT_COMPLETION_RATIO, names) ?? 1,
    cacheRatio: lookup(t.CacheRatio, names) ?? 1,
    cacheCreationRatio: model.startsWith('claude') ? CLAUDE_CACHE_CREATION_RATIO : 1,
  };
}

/** Pricing used for an unpriced model that is allowed anyway (self-use mode): free. */
export const FREE_PRICING: ModelPricing = Object.freeze({
  kind: 'token',
  modelRatio: 0,
  completionRatio: 1,
  cacheRatio: 1,
  cacheCreationRatio: 1,
});

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
  };
}

/**
 * The final charge for one request. Per call: ModelPrice × QuotaPerUnit × GroupRatio × calls (n
 * images, for instance). Per token: the tokenQuota formula.
 */
export function usageQuota(
  p: ModelPricing,
  groupRatio: number,
  usage: TokenUsage,
  quotaPerUnit: number,
  calls = 1,
): number {
  if (p.kind === 'call') return saturateQuota(callQuota(p.modelPrice, groupRatio, quotaPerUnit) * Math.max(1, calls));
  return tokenQuota(usage, tokenRatios(p, groupRatio));
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
