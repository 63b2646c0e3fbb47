import { Injectable, Optional } from '@nestjs/common';
import type { ChannelHealth, Settings } from '@gw/shared';
import { RelayMetrics } from '../../metrics/relay-metrics.service';
import { CircuitBreaker, type BreakerPolicy, type BreakerState, type BreakerSummary } from './circuit-breaker';

/** `print`: a key's fingerprint on a multi-key channel, null for the channel's own breaker (one key). */
type Print = string | null;

/**
 * The circuit breakers of this node (docs/relay.md#health-based-routing), in memory: one per channel
 * with a single key, one per key of a multi-key channel. The relay feeds them with its attempts'
 * outcomes and asks them before choosing; every call is O(1) (a map lookup and ten buckets).
 */
@Injectable()
export class ChannelBreakers {
  private readonly channels = new Map<number, CircuitBreaker>();
  private readonly keys = new Map<number, Map<string, CircuitBreaker>>();
  private readonly policies = new WeakMap<Settings, BreakerPolicy | null>();

  constructor(@Optional() private readonly metrics?: RelayMetrics) {}

  /** The thresholds of an options snapshot (computed once per snapshot); null while health routing is off. */
  policy(s: Settings): BreakerPolicy | null {
    let p = this.policies.get(s);
    if (p === undefined) {
      p = s.ChannelHealthEnabled
        ? Object.freeze({
            windowMs: s.ChannelHealthWindowSeconds * 1000,
            minRequests: s.ChannelHealthMinRequests,
            errorRatePercent: s.ChannelHealthErrorRatePercent,
            latencyMs: s.ChannelHealthLatencyMs,
            coolDownMs: s.ChannelHealthCoolDownSeconds * 1000,
            probes: s.ChannelHealthHalfOpenProbes,
          })
        : null;
      this.policies.set(s, p);
    }
    return p;
  }

  available(channelId: number, print: Print, p: BreakerPolicy, now = Date.now()): boolean {
    return this.find(channelId, print)?.available(now, p) ?? true;
  }

  /** An attempt goes to this channel or key (a probe when its cool-down is over). */
  begin(channelId: number, print: Print, p: BreakerPolicy, now = Date.now()): void {
    const b = this.find(channelId, print);
    if (!b || b.state === 'closed') return;
    const before = b.state;
    b.begin(now, p);
    this.moved(channelId, before, b);
  }

  /** `latencyMs`: negative when unknown. */
  succeeded(channelId: number, print: Print, latencyMs: number, p: BreakerPolicy, now = Date.now()): void {
    const b = this.breaker(channelId, print);
    const before = b.state;
    b.success(now, latencyMs, p);
    this.moved(channelId, before, b);
  }

  failed(channelId: number, print: Print, p: BreakerPolicy, now = Date.now()): void {
    const b = this.breaker(channelId, print);
    const before = b.state;
    b.failure(now, p);
    this.moved(channelId, before, b);
  }

  /** An attempt whose outcome says nothing about the upstream. */
  neutral(channelId: number, print: Print): void {
    this.find(channelId, print)?.neutral();
  }

  /** Whether the channel has breakers per key (the list then names its keys). */
  hasKeyBreakers(channelId: number): boolean {
    return (this.keys.get(channelId)?.size ?? 0) > 0;
  }

  /**
   * What the channel list shows: the channel's own breaker, or for a multi-key channel (`prints`: its
   * keys' fingerprints, in order; `enabled`: which keys are enabled) the keys' breakers with a channel
   * state that is open only when every enabled key is.
   */
  view(
    channelId: number,
    p: BreakerPolicy,
    prints: readonly string[] = [],
    enabled: (i: number) => boolean = () => true,
    now = Date.now(),
  ): ChannelHealth {
    if (prints.length <= 1) return { ...wire(this.find(channelId, null)?.summary(now, p) ?? EMPTY), keys: [] };
    const keys = prints.map((print, index) => ({ index, ...(this.find(channelId, print)?.summary(now, p) ?? EMPTY) }));
    const live = keys.filter((k) => enabled(k.index));
    const states = (live.length > 0 ? live : keys).map((k) => k.state);
    const state: BreakerState = states.every((s) => s === 'open')
      ? 'open'
      : states.includes('closed')
        ? 'closed'
        : 'half_open';
    const requests = sum(keys, (k) => k.requests);
    const errors = sum(keys, (k) => k.errors);
    const timed = keys.filter((k) => k.latencyMs !== null);
    const openUntil = state === 'open' ? Math.min(...keys.map((k) => k.openUntil ?? Infinity)) : null;
    return {
      ...wire({
        state,
        requests,
        errors,
        errorRate: requests > 0 ? errors / requests : 0,
        latencyMs: timed.length > 0 ? Math.round(sum(timed, (k) => k.latencyMs!) / timed.length) : null,
        openUntil,
      }),
      keys: keys.map((k) => ({ index: k.index, ...wire(k) })),
    };
  }

  private find(channelId: number, print: Print): CircuitBreaker | undefined {
    return print === null ? this.channels.get(channelId) : this.keys.get(channelId)?.get(print);
  }

  private breaker(channelId: number, print: Print): CircuitBreaker {
    let b = this.find(channelId, print);
    if (b) return b;
    b = new CircuitBreaker();
    if (print === null) this.channels.set(channelId, b);
    else {
      const keys = this.keys.get(channelId) ?? new Map<string, CircuitBreaker>();
      keys.set(print, b);
      this.keys.set(channelId, keys);
    }
    return b;
  }

  private moved(channelId: number, before: BreakerState, b: CircuitBreaker): void {
    if (b.state !== before) this.metrics?.channelHealthTransition(channelId, b.state);
  }
}

const EMPTY: BreakerSummary = {
  state: 'closed',
  requests: 0,
  errors: 0,
  errorRate: 0,
  latencyMs: null,
  openUntil: null,
};

const sum = <T>(xs: readonly T[], f: (x: T) => number) => xs.reduce((s, x) => s + f(x), 0);

/** The API's field names; times in epoch seconds. */
function wire(s: BreakerSummary): Omit<ChannelHealth, 'keys'> {
  return {
    state: s.state,
    requests: s.requests,
    errors: s.errors,
    error_rate: Math.round(s.errorRate * 1000) / 1000,
    latency_ms: s.latencyMs,
    open_until: s.openUntil === null ? null : Math.ceil(s.openUntil / 1000),
  };
}
