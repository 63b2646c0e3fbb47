/**
 * Pure: the circuit breaker of one channel or one key of a multi-key channel (docs/relay.md#health-based-routing).
 * No I/O and no clock: every call takes `now` in epoch milliseconds. Outcomes go into a sliding window
 * of BUCKETS time buckets; the window is judged after each outcome while the breaker is closed.
 *
 * closed ──(error rate or mean latency over the threshold, with enough requests)──▶ open
 * open ──(cool-down over, first attempt)──▶ half_open: up to `probes` attempts go through
 * half_open ──(`probes` successes)──▶ closed, window cleared, cool-down back to its base
 * half_open ──(a failure, or a success slower than the latency threshold)──▶ open, cool-down doubled (≤ ×8)
 */

export type BreakerState = 'closed' | 'open' | 'half_open';

/** The thresholds (options ChannelHealth*), in the units the breaker works with. */
export interface BreakerPolicy {
  readonly windowMs: number;
  /** Outcomes the window must hold before the error rate is judged (successes with a latency, for latency). */
  readonly minRequests: number;
  /** Error percentage (1–100) at or above which the breaker opens. */
  readonly errorRatePercent: number;
  /** Mean latency of successes above which the breaker opens; 0 = latency is not judged. */
  readonly latencyMs: number;
  readonly coolDownMs: number;
  /** Attempts let through while half-open; that many successes close the breaker. */
  readonly probes: number;
}

/** What the channel list shows of a breaker. */
export interface BreakerSummary {
  readonly state: BreakerState;
  readonly requests: number;
  readonly errors: number;
  /** Errors / requests in the window, 0–1 (0 when empty). */
  readonly errorRate: number;
  /** Mean latency of the window's successes in ms; null when none carried one. */
  readonly latencyMs: number | null;
  /** Epoch ms the cool-down ends (open), else null. */
  readonly openUntil: number | null;
}

export const BUCKETS = 10;
/** The cool-down doubles with each failed probe round, up to this factor of its base. */
export const MAX_COOL_DOWN_FACTOR = 8;

export class CircuitBreaker {
  private current: BreakerState = 'closed';
  private openUntil = 0;
  private coolDownFactor = 1;
  private probesTaken = 0;
  private probeSuccesses = 0;
  private lastProbeAt = 0;
  private bucketMs = 0;
  private readonly epochs = new Float64Array(BUCKETS).fill(-1);
  private readonly successes = new Uint32Array(BUCKETS);
  private readonly failures = new Uint32Array(BUCKETS);
  private readonly timed = new Uint32Array(BUCKETS);
  private readonly latencySum = new Float64Array(BUCKETS);
  private wSuccesses = 0;
  private wFailures = 0;
  private wTimed = 0;
  private wLatencySum = 0;

  get state(): BreakerState {
    return this.current;
  }

  /** Whether an attempt may go here now (no side effect): closed, cool-down over, or a probe slot free. */
  available(now: number, p: BreakerPolicy): boolean {
    if (this.current === 'closed') return true;
    if (this.current === 'open') return now >= this.openUntil;
    return this.probesTaken < p.probes || this.probeLost(now, p);
  }

  /**
   * An attempt is made here. After the cool-down it becomes a probe (half-open); during the cool-down
   * (every candidate was open, see docs) it is an ordinary attempt whose outcome only fills the window.
   */
  begin(now: number, p: BreakerPolicy): void {
    if (this.current === 'closed') return;
    if (this.current === 'open') {
      if (now < this.openUntil) return;
      this.current = 'half_open';
      this.probesTaken = 0;
      this.probeSuccesses = 0;
    } else if (this.probesTaken >= p.probes && this.probeLost(now, p)) {
      this.probesTaken = this.probeSuccesses;
    }
    this.probesTaken++;
    this.lastProbeAt = now;
  }

  /** `latencyMs`: the attempt's latency (time to first byte for streams), or a negative number when unknown. */
  success(now: number, latencyMs: number, p: BreakerPolicy): void {
    const slow = p.latencyMs > 0 && latencyMs > p.latencyMs;
    const i = this.bucket(now, p);
    this.successes[i]++;
    if (latencyMs >= 0) {
      this.timed[i]++;
      this.latencySum[i] += latencyMs;
    }
    if (this.current === 'half_open') {
      if (slow) this.reopen(now, p);
      else if (++this.probeSuccesses >= p.probes) this.close();
    } else if (this.current === 'closed') this.judge(now, p);
  }

  failure(now: number, p: BreakerPolicy): void {
    this.failures[this.bucket(now, p)]++;
    if (this.current === 'half_open') this.reopen(now, p);
    else if (this.current === 'closed') this.judge(now, p);
  }

  /** An attempt that says nothing about the upstream (the client's own error): frees its probe slot. */
  neutral(): void {
    if (this.current === 'half_open' && this.probesTaken > this.probeSuccesses) this.probesTaken--;
  }

  summary(now: number, p: BreakerPolicy): BreakerSummary {
    this.tally(now, p);
    const requests = this.wSuccesses + this.wFailures;
    const open = this.current === 'open' && now < this.openUntil;
    return {
      state: open ? 'open' : this.current === 'closed' ? 'closed' : 'half_open',
      requests,
      errors: this.wFailures,
      errorRate: requests > 0 ? this.wFailures / requests : 0,
      latencyMs: this.wTimed > 0 ? Math.round(this.wLatencySum / this.wTimed) : null,
      openUntil: open ? this.openUntil : null,
    };
  }

  private judge(now: number, p: BreakerPolicy): void {
    this.tally(now, p);
    const requests = this.wSuccesses + this.wFailures;
    const failing = requests >= p.minRequests && this.wFailures * 100 >= p.errorRatePercent * requests;
    const slow = p.latencyMs > 0 && this.wTimed >= p.minRequests && this.wLatencySum > p.latencyMs * this.wTimed;
    if (failing || slow) this.trip(now, p);
  }

  private reopen(now: number, p: BreakerPolicy): void {
    this.coolDownFactor = Math.min(this.coolDownFactor * 2, MAX_COOL_DOWN_FACTOR);
    this.trip(now, p);
  }

  private trip(now: number, p: BreakerPolicy): void {
    this.current = 'open';
    this.openUntil = now + p.coolDownMs * this.coolDownFactor;
  }

  private close(): void {
    this.current = 'closed';
    this.coolDownFactor = 1;
    this.epochs.fill(-1);
  }

  /** A probe taken longer ago than a window without an outcome is taken as lost (its slot is free again). */
  private probeLost(now: number, p: BreakerPolicy): boolean {
    return now - this.lastProbeAt >= Math.max(p.windowMs, p.coolDownMs);
  }

  /** The slot of `now`, cleared when it held an older bucket; a changed window length clears them all. */
  private bucket(now: number, p: BreakerPolicy): number {
    const bucketMs = Math.max(1, Math.ceil(p.windowMs / BUCKETS));
    if (bucketMs !== this.bucketMs) {
      this.bucketMs = bucketMs;
      this.epochs.fill(-1);
    }
    const epoch = Math.floor(now / bucketMs);
    const i = epoch % BUCKETS;
    if (this.epochs[i] !== epoch) {
      this.epochs[i] = epoch;
      this.successes[i] = 0;
      this.failures[i] = 0;
      this.timed[i] = 0;
      this.latencySum[i] = 0;
    }
    return i;
  }

  /** Sums the buckets still inside the window into the `w*` fields (no allocation on the hot path). */
  private tally(now: number, p: BreakerPolicy): void {
    const bucketMs = Math.max(1, Math.ceil(p.windowMs / BUCKETS));
    const epoch = Math.floor(now / bucketMs);
    this.wSuccesses = this.wFailures = this.wTimed = this.wLatencySum = 0;
    if (bucketMs !== this.bucketMs) return;
    for (let i = 0; i < BUCKETS; i++) {
      const age = epoch - this.epochs[i];
      if (this.epochs[i] < 0 || age < 0 || age >= BUCKETS) continue;
      this.wSuccesses += this.successes[i];
      this.wFailures += this.failures[i];
      this.wTimed += this.timed[i];
      this.wLatencySum += this.latencySum[i];
    }
  }
}
