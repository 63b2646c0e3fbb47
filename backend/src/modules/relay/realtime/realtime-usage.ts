import type { UsageReport } from '../../../providers/provider';
import type { BilledUsage } from '../pipeline/usage-log';

/**
 * The usage of one Realtime response (pure): `response.done`'s `response.usage` (input_tokens,
 * output_tokens, input_token_details {text_tokens, audio_tokens, cached_tokens},
 * output_token_details {text_tokens, audio_tokens}) as the relay's usage report, and the audio
 * figures of the log's `other` (docs/relay.md#realtime-websocket).
 */

const count = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);
const objectOf = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** The report of a `response.done` event; null when it carries no usage object. */
export function realtimeUsageReport(event: Record<string, unknown>): UsageReport | null {
  const usage = objectOf(event.response).usage;
  if (!usage || typeof usage !== 'object') return null;
  const u = objectOf(usage);
  const input = objectOf(u.input_token_details);
  const output = objectOf(u.output_token_details);
  const promptTokens = count(u.input_tokens);
  const completionTokens = count(u.output_tokens);
  return {
    promptTokens: promptTokens ?? NaN,
    completionTokens: completionTokens ?? NaN,
    cachedTokens: count(input.cached_tokens),
    audioInputTokens: count(input.audio_tokens),
    audioOutputTokens: count(output.audio_tokens),
    malformed: promptTokens === undefined || completionTokens === undefined,
  };
}

/** The realtime fields of the type-2 log's `other` (besides the text relay's). */
export function realtimeLogOther(
  usage: BilledUsage,
  pricing: { readonly audioRatio: number; readonly audioCompletionRatio: number } | null,
): Record<string, unknown> {
  return {
    ws: true,
    audio: true,
    audio_input: usage.audioInputTokens,
    audio_output: usage.audioOutputTokens,
    text_input: usage.promptTokens - usage.audioInputTokens,
    text_output: usage.completionTokens - usage.audioOutputTokens,
    audio_ratio: pricing?.audioRatio ?? 0,
    audio_completion_ratio: pricing?.audioCompletionRatio ?? 0,
  };
}
