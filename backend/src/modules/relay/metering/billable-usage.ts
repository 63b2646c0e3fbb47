import type { UsageReport } from '../../../providers/provider';
import type { BilledUsage } from '../pipeline/usage-log';

/**
 * What an upstream's usage report is billed as (pure). A report the upstream could not have produced
 * is replaced by the local count and flagged; a cut stream pays at least the output it delivered.
 */

/** What the report is checked against. */
export interface UsageBounds {
  /** The client's completion limit (max_tokens × n), 0 when it set none. */
  readonly maxCompletionTokens: number;
  /** The request's prompt estimate (about one token per 3 bytes of text, plus fixed parts). */
  readonly promptEstimate: number;
  /** The prompt holds parts the estimate cannot see (audio, files, server-side state): no relative check. */
  readonly promptOpaque: boolean;
  /** A stream that ended before its terminal event (upstream cut, client gone): output as metered. */
  readonly streamCut: boolean;
}

/** The bounds of one request: its max_tokens, its prompt estimate and whether the prompt is opaque. */
export function requestBounds(
  req: { readonly maxCompletionTokens: number; readonly prompt: { readonly opaque?: boolean } },
  promptEstimate: number,
  streamCut = false,
): UsageBounds {
  return {
    maxCompletionTokens: req.maxCompletionTokens,
    promptEstimate,
    promptOpaque: req.prompt.opaque === true,
    streamCut,
  };
}

/** Our own counts: the prompt, and the output as delivered (metered or counted). */
export interface LocalUsage {
  readonly promptTokens: number;
  readonly completionTokens: number;
}

export interface Billable {
  readonly usage: BilledUsage;
  /** The upstream's report was not believed and the local count billed instead. */
  readonly clamped: boolean;
}

/** The most prompt tokens any model reads (the largest context windows are ~10M). */
const MAX_PROMPT_TOKENS = 10_000_000;
/** The most output tokens any model writes in one request (no limit set by the client). */
export const MAX_COMPLETION_TOKENS = 1_000_000;
/** A prompt above PROMPT_FACTOR × estimate + PROMPT_SLACK is not believed (hidden tool prompts fit in the slack). */
const PROMPT_FACTOR = 4;
const PROMPT_SLACK = 4096;
/** Over the client's max_tokens: thinking adapters may raise it (a budget of at least 1024, + 1024). */
const COMPLETION_SLACK = 2048;

const isCount = (n: unknown, max: number): n is number =>
  typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= max;

const optional = (n: number | undefined, max: number): boolean => n === undefined || isCount(n, max);

/** The most completion tokens the request could have produced. */
function completionLimit(b: Pick<UsageBounds, 'maxCompletionTokens'>): number {
  if (b.maxCompletionTokens <= 0) return MAX_COMPLETION_TOKENS;
  return Math.min(
    MAX_COMPLETION_TOKENS,
    b.maxCompletionTokens + Math.max(COMPLETION_SLACK, Math.ceil(b.maxCompletionTokens / 10)),
  );
}

/** The most prompt tokens the request could have read. */
function promptLimit(b: Pick<UsageBounds, 'promptEstimate' | 'promptOpaque'>): number {
  if (b.promptOpaque) return MAX_PROMPT_TOKENS;
  return Math.min(MAX_PROMPT_TOKENS, Math.max(0, b.promptEstimate) * PROMPT_FACTOR + PROMPT_SLACK);
}

/**
 * The report as billed usage when the upstream could have produced it: integers, not negative,
 * prompt within reach of the request, completion within max_tokens (or any model's limit), parts
 * within their totals. Null when it is malformed or absurd, or reports nothing (0 and 0).
 */
export function plausibleUsage(r: UsageReport, b: UsageBounds): BilledUsage | null {
  if (r.malformed) return null;
  const prompt = r.promptTokens;
  const completion = r.completionTokens;
  if (!isCount(prompt, promptLimit(b)) || !isCount(completion, completionLimit(b))) return null;
  if (prompt + completion === 0) return null;
  if (
    !optional(r.cachedTokens, prompt) ||
    !optional(r.cacheCreationTokens, prompt) ||
    !optional(r.audioInputTokens, prompt) ||
    !optional(r.audioOutputTokens, completion)
  )
    return null;
  return {
    promptTokens: prompt,
    completionTokens: completion,
    cachedTokens: r.cachedTokens ?? 0,
    cacheCreationTokens: r.cacheCreationTokens ?? 0,
    audioInputTokens: r.audioInputTokens ?? 0,
    audioOutputTokens: r.audioOutputTokens ?? 0,
  };
}

/** Whether the local count is needed to bill this report (absent, implausible, or a cut stream). */
export function needsLocalCount(report: UsageReport | null, b: UsageBounds): boolean {
  return b.streamCut || !report || !plausibleUsage(report, b);
}

const localOnly = (l: LocalUsage): BilledUsage => ({
  promptTokens: clean(l.promptTokens),
  completionTokens: clean(l.completionTokens),
  cachedTokens: 0,
  cacheCreationTokens: 0,
  audioInputTokens: 0,
  audioOutputTokens: 0,
});

const clean = (n: number): number => (Number.isFinite(n) && n > 0 ? Math.min(Math.round(n), MAX_PROMPT_TOKENS) : 0);

/**
 * The usage to bill. No report (or one that reports nothing): the local count. A plausible report:
 * as reported, but a cut stream pays max(reported, metered) output (Claude's message_start reports 1
 * output token that the final message_delta would have corrected). An implausible one (negative,
 * fractional, strings, 1e400, 2^63, above max_tokens or far above the prompt): the local count, clamped.
 */
export function billableUsage(report: UsageReport | null, local: LocalUsage | null, b: UsageBounds): Billable {
  const reported = report ? plausibleUsage(report, b) : null;
  if (reported) {
    if (!b.streamCut || !local) return { usage: reported, clamped: false };
    const metered = clean(local.completionTokens);
    return { usage: { ...reported, completionTokens: Math.max(reported.completionTokens, metered) }, clamped: false };
  }
  const empty = !report || (!report.malformed && report.promptTokens === 0 && report.completionTokens === 0);
  return { usage: localOnly(local ?? { promptTokens: 0, completionTokens: 0 }), clamped: !empty };
}
