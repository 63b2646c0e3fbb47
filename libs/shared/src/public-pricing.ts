import type { z } from 'zod';
import type { ApiEnvelope } from './api-types';
import type { pricingItemSchema } from './schemas/views';
import { QuotaType } from './enums';
import { callerPricing, groupRatioOf, type PriceTables, type UnpricedRule } from './pricing';
import { DEFAULT_QUOTA_PER_UNIT, formatNumber, pricePer1M, type QuotaDisplay } from './quota';

/**
 * The public price list (GET /api/pricing and the /pricing page; docs/pricing.md). Pure: the server
 * builds the answer with `pricingItem` / `viewerGroups`, the page shows it with `itemPrices`,
 * `formatPrice`, `comparePricingItems` and `matchesModelSearch`.
 */

/** One model of the price list, as one viewer would be charged for it (fields: schemas/views.ts). */
export type PricingItem = z.infer<typeof pricingItemSchema>;

/** GET /api/pricing: the items in `data`, the viewer's groups beside it. */
export interface PricingAnswer extends ApiEnvelope<PricingItem[]> {
  /** Ratio of each usable group. */
  group_ratio: Record<string, number>;
  /** Usable groups with their descriptions. */
  usable_group: Record<string, string>;
}

/** The group whose prices a signed-out visitor sees (the group new users join). */
export const DEFAULT_PRICING_GROUP = 'default';

export interface GroupSettings {
  readonly GroupRatio: Readonly<Record<string, unknown>>;
  readonly UserUsableGroups: Readonly<Record<string, unknown>>;
}

/**
 * The groups a user of `userGroup` may send requests in, with descriptions and ratios: their own
 * group, and each group the administrator offers (UserUsableGroups) that has a GroupRatio entry; the
 * relay refuses an offered group without one.
 */
export function viewerGroups(userGroup: string, s: GroupSettings): { usable: Record<string, string>; ratios: Record<string, number> } {
  const usable: Record<string, string> = {};
  for (const [name, desc] of Object.entries(s.UserUsableGroups)) {
    if (Object.prototype.hasOwnProperty.call(s.GroupRatio, name)) usable[name] = typeof desc === 'string' ? desc : name;
  }
  if (!Object.prototype.hasOwnProperty.call(usable, userGroup)) usable[userGroup] = userGroup;
  const ratios: Record<string, number> = {};
  for (const name of Object.keys(usable)) ratios[name] = groupRatioOf(name, s.GroupRatio);
  return { usable, ratios };
}

/** The list row of `model` for a viewer who accepts unpriced models or not. */
export function pricingItem(
  model: string,
  enableGroups: string[],
  ownerBy: string,
  t: PriceTables & UnpricedRule,
  acceptUnpriced: boolean,
): PricingItem {
  const base = { model_name: model, owner_by: ownerBy, enable_groups: enableGroups, model_ratio: 0, model_price: 0, completion_ratio: 0 };
  const p = callerPricing(model, t, acceptUnpriced);
  if (!p) return { ...base, quota_type: QuotaType.PerToken, unpriced: true };
  if (p.kind === 'call') return { ...base, quota_type: QuotaType.PerCall, model_price: p.modelPrice, unpriced: false };
  return { ...base, quota_type: QuotaType.PerToken, model_ratio: p.modelRatio, completion_ratio: p.completionRatio, unpriced: false };
}

/** An item's prices in a group, in USD: per 1M prompt and completion tokens, or per call. */
export type ItemPrices =
  | { kind: 'token'; prompt: number; completion: number }
  | { kind: 'call'; perCall: number }
  | { kind: 'unpriced' };

/**
 * Per token: prompt = model ratio × 2 × group ratio per 1M tokens, completion = that × completion
 * ratio (2 = USD per 1M tokens at ratio 1 = 1M / QuotaPerUnit, so the shown price stays what the
 * relay charges when QuotaPerUnit is changed). Per call: model price × group ratio.
 */
export function itemPrices(item: PricingItem, groupRatio: number, quotaPerUnit = DEFAULT_QUOTA_PER_UNIT): ItemPrices {
  if (item.unpriced) return { kind: 'unpriced' };
  if (item.quota_type === QuotaType.PerCall) return { kind: 'call', perCall: item.model_price * groupRatio };
  return { kind: 'token', ...pricePer1M(item.model_ratio, item.completion_ratio, groupRatio, quotaPerUnit) };
}

/**
 * A USD price as the console shows it: `$` with 2 to 6 decimals when quota is displayed as currency,
 * otherwise the quota it costs (USD × QuotaPerUnit), abbreviated like balances.
 */
export function formatPrice(usd: number, display: QuotaDisplay): string {
  const perUnit = display.quotaPerUnit > 0 ? display.quotaPerUnit : DEFAULT_QUOTA_PER_UNIT;
  if (!display.displayInCurrency) return formatNumber(Math.round(usd * perUnit * 1e6) / 1e6);
  const fixed = usd.toFixed(6).replace(/0{1,4}$/, '');
  return `$${fixed}`;
}

const isGpt = (name: string) => name.startsWith('gpt');

/** The list order: per-token models first, then names starting with gpt, then by name. */
export function comparePricingItems(a: PricingItem, b: PricingItem): number {
  if (a.quota_type !== b.quota_type) return a.quota_type - b.quota_type;
  if (isGpt(a.model_name) !== isGpt(b.model_name)) return isGpt(a.model_name) ? -1 : 1;
  return a.model_name < b.model_name ? -1 : a.model_name > b.model_name ? 1 : 0;
}

const squash = (s: string) => s.toLowerCase().replace(/[\s\-_.:/]+/g, '');

/**
 * Fuzzy model-name search: every word of the query occurs in the name, ignoring case and the
 * separators - _ . : / (so "GPT4o mini" finds gpt-4o-mini). An empty query matches everything.
 */
export function matchesModelSearch(name: string, query: string): boolean {
  const words = query.trim().split(/\s+/).map(squash).filter(Boolean);
  const target = squash(name);
  return words.every((w) => target.includes(w));
}
