/**
 * Prices and ratios (ModelPrice, ModelRatio, GroupRatio…): every value is a finite number ≥ 0. A
 * negative ratio turns a charge into a credit; NaN, Infinity and strings have no meaning in the
 * formula. Used when an option is written (server and console alike).
 */

/** Longest model name a price map may hold (group maps use GROUP_NAME_MAX). */
export const RATIO_KEY_MAX = 191;

export function isRatioValue(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v) && v >= 0;
}

/** A map key: trimmed, 1..max characters, no control characters. */
function saneKey(key: string, max: number): boolean {
  return key.length > 0 && key.length <= max && key.trim() === key && ![...key].some((c) => c < ' ' || c === '\u007f');
}

export interface BadRatioEntry {
  /** The offending key (cut to 64 characters for messages). */
  readonly entry: string;
  readonly problem: 'key' | 'value';
}

/** The first entry of a price or ratio map that breaks the rule, or null when all are fine. */
export function badRatioEntry(map: Readonly<Record<string, unknown>>, keyMax = RATIO_KEY_MAX): BadRatioEntry | null {
  for (const [key, value] of Object.entries(map)) {
    if (!saneKey(key, keyMax)) return { entry: key.slice(0, 64), problem: 'key' };
    if (!isRatioValue(value)) return { entry: key.slice(0, 64), problem: 'value' };
  }
  return null;
}
