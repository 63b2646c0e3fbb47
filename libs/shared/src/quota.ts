/** Quota and price math (docs/billing.md). Pure functions, shared by backend and console. */

export const DEFAULT_QUOTA_PER_UNIT = 500000;
/** Ratio 1 = $2 per 1M prompt tokens. */
export const USD_PER_1M_AT_RATIO_1 = 2;

/** Clamp to a non-negative safe integer: a charge is never negative and never overflows. */
export function saturateQuota(value: number): number {
  if (!Number.isFinite(value) || value <= 0) return value === Infinity ? Number.MAX_SAFE_INTEGER : 0;
  return Math.min(Math.round(value), Number.MAX_SAFE_INTEGER);
}

/** 1e4+ as k, 1e6+ as M, 1e9+ as B (docs/billing.md#units). */
export function formatNumber(num: number): string {
  const abs = Math.abs(num);
  const fmt = (v: number, suffix: string) => `${trimZeros(v.toFixed(1))}${suffix}`;
  if (abs >= 1e9) return fmt(num / 1e9, 'B');
  if (abs >= 1e6) return fmt(num / 1e6, 'M');
  if (abs >= 1e4) return fmt(num / 1e4 * 10, 'k');
  return String(num);
}

function trimZeros(s: string): string {
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}

export interface QuotaDisplay {
  displayInCurrency: boolean;
  quotaPerUnit: number;
}

/** Quota as currency ($ with `digits` decimals) or as a raw, k/M/B-formatted number. */
export function renderQuota(quota: number, display: QuotaDisplay, digits = 2): string {
  if (!display.displayInCurrency) return formatNumber(quota);
  const perUnit = display.quotaPerUnit > 0 ? display.quotaPerUnit : DEFAULT_QUOTA_PER_UNIT;
  const usd = quota / perUnit;
  const fixed = usd.toFixed(digits);
  // Show tiny non-zero amounts instead of rounding them to $0.00.
  if (quota > 0 && Number(fixed) === 0) return `$${(10 ** -digits).toFixed(digits)}`;
  return `$${fixed}`;
}

/** Currency amount (USD) to quota, as used by quota inputs. */
export function usdToQuota(usd: number, quotaPerUnit = DEFAULT_QUOTA_PER_UNIT): number {
  return saturateQuota(usd * quotaPerUnit);
}

export interface PricePer1M {
  prompt: number;
  completion: number;
}

/**
 * Displayed price per 1M tokens: prompt = ratio × 2 × group ratio; completion = prompt × completion
 * ratio. The 2 is 1M / QuotaPerUnit (a charge of ratio × tokens quota), so it follows a changed QuotaPerUnit.
 */
export function pricePer1M(modelRatio: number, completionRatio: number, groupRatio = 1, quotaPerUnit = DEFAULT_QUOTA_PER_UNIT): PricePer1M {
  const usdAtRatio1 = quotaPerUnit > 0 ? 1e6 / quotaPerUnit : USD_PER_1M_AT_RATIO_1;
  const prompt = modelRatio * usdAtRatio1 * groupRatio;
  return { prompt, completion: prompt * completionRatio };
}

/** Inverse of pricePer1M for the pricing editor: input/output USD per 1M → ratios. */
export function ratiosFromPrices(inputPer1M: number, outputPer1M: number): { modelRatio: number; completionRatio: number } {
  const modelRatio = inputPer1M / USD_PER_1M_AT_RATIO_1;
  return { modelRatio, completionRatio: inputPer1M > 0 ? outputPer1M / inputPer1M : 0 };
}

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
  /** Part of promptTokens read from the provider's prompt cache. */
  cachedTokens?: number;
  /** Part of promptTokens written to the provider's prompt cache. */
  cacheCreationTokens?: number;
  /** Part of promptTokens that was audio (gpt-4o-audio: prompt_tokens_details.audio_tokens). */
  audioInputTokens?: number;
  /** Part of completionTokens that was audio (completion_tokens_details.audio_tokens). */
  audioOutputTokens?: number;
}

export interface TokenRatios {
  modelRatio: number;
  completionRatio: number;
  groupRatio: number;
  cacheRatio?: number;
  cacheCreationRatio?: number;
  /** Audio prompt tokens relative to text prompt tokens (new-api AudioRatio). */
  audioRatio?: number;
  /** Audio output relative to audio input (new-api AudioCompletionRatio). */
  audioCompletionRatio?: number;
}

const nonNeg = (n: number | undefined) => (Number.isFinite(n) && (n as number) > 0 ? (n as number) : 0);

/**
 * Pay per token: round(group × model × (text prompt + cached × CacheRatio + created ×
 * CacheCreationRatio + audio in × AudioRatio + text completion × CompletionRatio + audio out ×
 * AudioRatio × AudioCompletionRatio)); at least 1 when there was usage and the model is not free.
 * Cached, created and audio-in tokens are parts of the prompt; audio-out tokens part of the completion.
 */
export function tokenQuota(usage: TokenUsage, r: TokenRatios): number {
  const prompt = nonNeg(usage.promptTokens);
  const completion = nonNeg(usage.completionTokens);
  const cached = Math.min(nonNeg(usage.cachedTokens), prompt);
  const created = Math.min(nonNeg(usage.cacheCreationTokens), prompt - cached);
  const audioIn = Math.min(nonNeg(usage.audioInputTokens), prompt - cached - created);
  const audioOut = Math.min(nonNeg(usage.audioOutputTokens), completion);
  const audioRatio = r.audioRatio ?? 1;
  const weighted =
    prompt - cached - created - audioIn +
    cached * (r.cacheRatio ?? 1) +
    created * (r.cacheCreationRatio ?? 1) +
    audioIn * audioRatio +
    (completion - audioOut) * nonNeg(r.completionRatio) +
    audioOut * audioRatio * (r.audioCompletionRatio ?? 1);
  const quota = saturateQuota(weighted * nonNeg(r.modelRatio) * nonNeg(r.groupRatio));
  if (quota === 0 && prompt + completion > 0 && r.modelRatio > 0 && r.groupRatio > 0) return 1;
  return quota;
}

/** Pay per call: ModelPrice (USD) × QuotaPerUnit × GroupRatio. */
export function callQuota(modelPrice: number, groupRatio: number, quotaPerUnit = DEFAULT_QUOTA_PER_UNIT): number {
  return saturateQuota(nonNeg(modelPrice) * quotaPerUnit * nonNeg(groupRatio));
}
