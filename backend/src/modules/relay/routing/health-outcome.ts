import type { AttemptFailure } from '../pipeline/attempt-failure';
import type { Delivered } from '../pipeline/relay-context';

/**
 * Pure: what one attempt tells the channel's circuit breaker (docs/relay.md#health-based-routing).
 * Errors are the upstream's: 5xx, 429, 408, 401/403 (the channel's credentials), a success status
 * without an answer, timeouts and connection failures. The client's own faults (other 4xx, refused
 * prompts or outputs, unusable images) say nothing about the channel.
 */
export type HealthVerdict = 'success' | 'error' | 'neutral';

const CHANNEL_FAULTS = new Set([401, 403, 408, 429]);

export function failureVerdict(f: Pick<AttemptFailure, 'status' | 'retryable' | 'error'>): HealthVerdict {
  // No status: a network fault or timeout (retryable), or the relay's own refusal; its total timeout counts.
  if (f.status === null) return f.retryable || f.error.code === 'timeout' ? 'error' : 'neutral';
  if (f.status < 300 || f.status >= 500 || CHANNEL_FAULTS.has(f.status)) return 'error';
  return 'neutral';
}

/**
 * A delivered response: a success, unless the upstream broke the stream after it opened (an error);
 * a client that left before any answer came says nothing.
 */
export function deliveredVerdict(
  d: Pick<Delivered, 'streamEnd' | 'streamError' | 'frtMs' | 'upstreamMs'>,
): HealthVerdict {
  if (d.streamEnd === 'interrupted' && d.streamError?.type !== 'gateway') return 'error';
  if (d.streamEnd === 'client_closed' && d.frtMs === null) return 'neutral';
  return 'success';
}

/**
 * The attempt's latency in ms, negative when unknown: a stream's time to its first event, a whole
 * answer's upstream time. `attemptStartedAt` and `arrivedAt` are performance.now() values (frtMs
 * counts from the request's arrival, so earlier attempts are taken off).
 */
export function attemptLatency(
  d: Pick<Delivered, 'frtMs' | 'upstreamMs'>,
  attemptStartedAt: number,
  arrivedAt: number,
): number {
  if (d.frtMs !== null) return Math.max(0, d.frtMs - (attemptStartedAt - arrivedAt));
  return d.upstreamMs ?? -1;
}
