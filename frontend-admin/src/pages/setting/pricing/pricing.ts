/**
 * Model pricing editor logic (docs/billing.md), pure: option maps ↔ table rows, unset models, batch set.
 * A model is priced per call (ModelPrice, USD) or per token (ModelRatio, optional CompletionRatio).
 */
import { DEFAULT_COMPLETION_RATIO, isRatioValue, pricePer1M, ratiosFromPrices } from '@gw/shared';

export type PriceMap = Record<string, number>;
export interface PriceMaps {
  ModelPrice: PriceMap;
  ModelRatio: PriceMap;
  CompletionRatio: PriceMap;
}
export const PRICE_KEYS = ['ModelPrice', 'ModelRatio', 'CompletionRatio'] as const;

export interface PriceRow {
  name: string;
  mode: 'token' | 'call';
  price?: number;
  ratio?: number;
  /** Explicit completion ratio (CompletionRatio), if any. */
  completion?: number;
}

function parseMap(text: string | undefined): PriceMap {
  try {
    const v = JSON.parse(text ?? '{}') as unknown;
    if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
    return Object.fromEntries(Object.entries(v as Record<string, unknown>).filter(([, n]) => typeof n === 'number' && Number.isFinite(n))) as PriceMap;
  } catch {
    return {};
  }
}

export function parseMaps(options: Readonly<Record<string, string>>): PriceMaps {
  return { ModelPrice: parseMap(options.ModelPrice), ModelRatio: parseMap(options.ModelRatio), CompletionRatio: parseMap(options.CompletionRatio) };
}

export function buildRows(maps: PriceMaps): PriceRow[] {
  const names = new Set([...Object.keys(maps.ModelPrice), ...Object.keys(maps.ModelRatio), ...Object.keys(maps.CompletionRatio)]);
  return [...names].sort().map((name) => ({
    name,
    mode: name in maps.ModelPrice ? 'call' : 'token',
    price: maps.ModelPrice[name],
    ratio: maps.ModelRatio[name],
    completion: maps.CompletionRatio[name],
  }));
}

export function rowsToMaps(rows: readonly PriceRow[]): PriceMaps {
  const maps: PriceMaps = { ModelPrice: {}, ModelRatio: {}, CompletionRatio: {} };
  for (const r of rows) {
    if (r.mode === 'call' && r.price !== undefined) maps.ModelPrice[r.name] = r.price;
    if (r.ratio !== undefined) maps.ModelRatio[r.name] = r.ratio;
    if (r.completion !== undefined) maps.CompletionRatio[r.name] = r.completion;
  }
  return maps;
}

/** The completion ratio in effect: the explicit one, else the built-in, else 1. */
export function effectiveCompletion(row: Pick<PriceRow, 'name' | 'completion'>): number {
  return row.completion ?? DEFAULT_COMPLETION_RATIO[row.name] ?? 1;
}

/** Input/output USD per 1M tokens of a per-token row (ratio × 2; × completion ratio). */
export function rowPrices(row: PriceRow): { input: number; output: number } | null {
  if (row.mode !== 'token' || row.ratio === undefined) return null;
  const p = pricePer1M(row.ratio, effectiveCompletion(row));
  return { input: p.prompt, output: p.completion };
}

/** Ratios from input/output prices per 1M tokens, rounded to avoid float noise. */
export function ratiosFromInput(input: number, output: number): { ratio: number; completion: number } {
  const r = ratiosFromPrices(input, output);
  const round = (n: number) => Math.round(n * 1e6) / 1e6;
  return { ratio: round(r.modelRatio), completion: round(r.completionRatio) };
}

/** Option changes for the maps that differ from the stored ones. */
export function changedMaps(before: PriceMaps, after: PriceMaps): Array<{ key: (typeof PRICE_KEYS)[number]; value: string }> {
  const same = (a: PriceMap, b: PriceMap) => JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));
  return PRICE_KEYS.filter((k) => !same(before[k], after[k])).map((k) => ({ key: k, value: JSON.stringify(sortKeys(after[k]), null, 2) }));
}

function sortKeys(m: PriceMap): PriceMap {
  return Object.fromEntries(Object.entries(m).sort(([a], [b]) => a.localeCompare(b)));
}

/** Enabled models with neither a fixed price nor a ratio. */
export function unsetModels(enabled: readonly string[], maps: PriceMaps): string[] {
  return [...new Set(enabled)].filter((m) => !(m in maps.ModelPrice) && !(m in maps.ModelRatio)).sort();
}

export type BatchMode = 'price' | 'ratio' | 'both';

/** Checks batch input; answers a message key or null. */
export function checkBatch(selected: number, mode: BatchMode, value?: string, completion?: string): string | null {
  if (selected === 0) return 'pricing.batch_select_first';
  // Prices and ratios are finite and ≥ 0, as the server requires (libs/shared ratio-map.ts).
  const isNum = (s?: string) => s !== undefined && s.trim() !== '' && isRatioValue(Number(s));
  if (mode === 'both') {
    if (!value?.trim() || !completion?.trim()) return 'pricing.batch_need_both';
    if (!isNum(value) || !isNum(completion)) return 'pricing.need_number';
    return null;
  }
  if (!value?.trim()) return 'pricing.batch_need_value';
  return isNum(value) ? null : 'pricing.need_number';
}

export function applyBatch(maps: PriceMaps, names: readonly string[], mode: BatchMode, value: number, completion?: number): PriceMaps {
  const next: PriceMaps = { ModelPrice: { ...maps.ModelPrice }, ModelRatio: { ...maps.ModelRatio }, CompletionRatio: { ...maps.CompletionRatio } };
  for (const name of names) {
    if (mode === 'price') next.ModelPrice[name] = value;
    else next.ModelRatio[name] = value;
    if (mode === 'both' && completion !== undefined) next.CompletionRatio[name] = completion;
  }
  return next;
}

export interface RowInput {
  name: string;
  mode: 'token' | 'call';
  by: 'ratio' | 'price';
  price?: string;
  ratio?: string;
  completion?: string;
  input?: string;
  output?: string;
}

/** Validates the edit dialog and builds the row; answers {error: key} on a problem. */
export function rowFromInput(input: RowInput, existing: readonly string[], original?: string): PriceRow | { error: string } {
  const name = input.name.trim();
  if (!name) return { error: 'pricing.name_required' };
  if (name !== original && existing.includes(name)) return { error: 'pricing.name_exists' };
  const num = (s?: string) => (s === undefined || s.trim() === '' ? undefined : Number(s));
  const bad = (n: number | undefined) => n !== undefined && !isRatioValue(n);
  if (input.mode === 'call') {
    const price = num(input.price);
    if (price === undefined || bad(price)) return { error: 'pricing.need_number' };
    return { name, mode: 'call', price };
  }
  if (input.by === 'price') {
    const inp = num(input.input);
    const out = num(input.output);
    if (inp === undefined || bad(inp) || bad(out)) return { error: 'pricing.need_number' };
    if (inp === 0) return { error: 'pricing.price_zero' };
    const r = ratiosFromInput(inp, out ?? inp);
    return { name, mode: 'token', ratio: r.ratio, completion: r.completion };
  }
  const ratio = num(input.ratio);
  const completion = num(input.completion);
  if (ratio === undefined || bad(ratio) || bad(completion)) return { error: 'pricing.need_number' };
  return { name, mode: 'token', ratio, completion };
}
