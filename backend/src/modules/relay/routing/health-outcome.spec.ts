import { RelayError } from '../http/relay-error';
import { attemptLatency, deliveredVerdict, failureVerdict, type HealthVerdict } from './health-outcome';

const upstream = RelayError.badGateway('relay.upstream_error', 'upstream_error');

describe('what an attempt tells the breaker', () => {
  it.each<[string, number | null, boolean, RelayError, HealthVerdict]>([
    ['upstream 500', 500, true, upstream, 'error'],
    ['upstream 503', 503, true, upstream, 'error'],
    ['upstream 429', 429, true, upstream, 'error'],
    ['upstream 401 (the channel key)', 401, true, upstream, 'error'],
    ['upstream 408', 408, true, upstream, 'error'],
    ['a 200 without an answer', 200, true, upstream, 'error'],
    ['connection failure', null, true, upstream, 'error'],
    ['total timeout', null, false, RelayError.upstreamTimeout(), 'error'],
    ['client 400', 400, false, upstream, 'neutral'],
    ['client 404', 404, true, upstream, 'neutral'],
    ['client 422', 422, false, upstream, 'neutral'],
    [
      'refused output or image (no status, not retryable)',
      null,
      false,
      RelayError.invalidRequest('relay.image_not_image', 'image_not_image'),
      'neutral',
    ],
  ])('%s → %s', (_name, status, retryable, error, verdict) => {
    expect(failureVerdict({ status, retryable, error })).toBe(verdict);
  });

  it.each<[string, Parameters<typeof deliveredVerdict>[0], HealthVerdict]>([
    ['a whole answer', { streamEnd: null, frtMs: null, upstreamMs: 120 }, 'success'],
    ['a complete stream', { streamEnd: 'complete', frtMs: 80, upstreamMs: 900 }, 'success'],
    ['a stream the upstream broke', { streamEnd: 'interrupted', frtMs: 80, upstreamMs: 900 }, 'error'],
    [
      'a stream the gateway cut',
      { streamEnd: 'interrupted', streamError: { type: 'gateway', code: 'stream_queue_overflow' }, frtMs: 80 },
      'success',
    ],
    ['a client gone mid-stream', { streamEnd: 'client_closed', frtMs: 80, upstreamMs: 900 }, 'success'],
    ['a client gone before any answer', { streamEnd: 'client_closed', frtMs: null }, 'neutral'],
  ])('%s → %s', (_name, d, verdict) => {
    expect(deliveredVerdict(d)).toBe(verdict);
  });

  it('measures streams to their first event from the attempt, whole answers by upstream time', () => {
    // Arrived at 1000; an earlier attempt took 300 ms; the first event came 500 ms after arrival.
    expect(attemptLatency({ frtMs: 500, upstreamMs: 4000 }, 1300, 1000)).toBe(200);
    expect(attemptLatency({ frtMs: null, upstreamMs: 250 }, 1300, 1000)).toBe(250);
    expect(attemptLatency({ frtMs: null }, 1300, 1000)).toBe(-1);
  });
});
