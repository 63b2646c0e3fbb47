/**
 * One limit a request is checked against: fewer than `limit` requests counted under `key` in the
 * sliding window of `windowMs` ending now. When the request is admitted it is counted under `key` if
 * `counted` (a success limit is only checked here and counted after the fact, by hit()).
 */
export interface LimitRule {
  readonly key: string;
  readonly windowMs: number;
  readonly limit: number;
  readonly counted: boolean;
}

/** What take() answers when every rule admits the request. */
export const ADMITTED = -1;

/**
 * Request counters per key over a sliding window (two fixed windows aligned on multiples of the
 * window, the previous one weighted by its overlap with the window ending now). The relay uses this
 * contract only: the memory store answers at once, the Redis store (redis-rate-limit-store.ts) once
 * Redis has.
 */
export interface RateLimitStore {
  /**
   * Check and count as one step: if every rule is under its limit, counts the request under the keys
   * of the counted rules and answers ADMITTED; otherwise counts nothing and answers the index of the
   * first rule over its limit.
   */
  take(rules: readonly LimitRule[], now: number): number | Promise<number>;
  /** Counts one more request under `key` (a success, after the fact). */
  hit(key: string, windowMs: number, now: number): void | Promise<void>;
}

interface Counter {
  windowMs: number;
  /** Start of the current fixed window. */
  start: number;
  current: number;
  previous: number;
  lastHit: number;
}

/**
 * The sliding-window counters of one node: O(1) memory per key, so state is sized by the keys in use,
 * not by the request rate. Synchronous, so a node without Redis pays no promise on the relay path.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly counters = new Map<string, Counter>();

  take(rules: readonly LimitRule[], now: number): number {
    for (let i = 0; i < rules.length; i++) {
      const r = rules[i];
      if (this.count(r.key, r.windowMs, now) >= r.limit) return i;
    }
    for (const r of rules) if (r.counted) this.hit(r.key, r.windowMs, now);
    return ADMITTED;
  }

  /**
   * Requests counted for `key` in the window ending now. The previous window's share is rounded up, so
   * that a burst just after a window turns cannot pass more than the limit on top of a full window.
   */
  count(key: string, windowMs: number, now: number): number {
    const c = this.roll(key, windowMs, now, false);
    if (!c) return 0;
    const overlap = 1 - (now - c.start) / windowMs;
    return c.current + Math.ceil(c.previous * Math.max(0, overlap));
  }

  hit(key: string, windowMs: number, now: number): void {
    const c = this.roll(key, windowMs, now, true)!;
    c.current += 1;
    c.lastHit = now;
  }

  /** Forgets keys idle for longer than their window. */
  sweep(now: number): void {
    for (const [k, c] of this.counters) if (now - c.lastHit >= 2 * c.windowMs) this.counters.delete(k);
  }

  get size(): number {
    return this.counters.size;
  }

  private roll(key: string, windowMs: number, now: number, create: boolean): Counter | undefined {
    let c = this.counters.get(key);
    if (!c || c.windowMs !== windowMs) {
      if (!create) return undefined;
      c = { windowMs, start: now - (now % windowMs), current: 0, previous: 0, lastHit: now };
      this.counters.set(key, c);
      return c;
    }
    const elapsed = Math.floor((now - c.start) / windowMs);
    if (elapsed >= 1) {
      c.previous = elapsed === 1 ? c.current : 0;
      c.current = 0;
      c.start += elapsed * windowMs;
    }
    return c;
  }
}
