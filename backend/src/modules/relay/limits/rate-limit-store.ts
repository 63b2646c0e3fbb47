/**
 * Request counters per key over a sliding window. The relay uses this contract only; a Redis
 * implementation can back it when several nodes share limits.
 */
export interface RateLimitStore {
  /** Requests counted for `key` in the window ending now. */
  count(key: string, windowMs: number, now: number): number;
  hit(key: string, windowMs: number, now: number): void;
  /** Forgets keys idle for longer than their window. */
  sweep(now: number): void;
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
 * Sliding-window counter (two fixed windows, the previous one weighted by its overlap): O(1) memory
 * per key, so state is sized by the keys in use, not by the request rate.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly counters = new Map<string, Counter>();

  count(key: string, windowMs: number, now: number): number {
    const c = this.roll(key, windowMs, now, false);
    if (!c) return 0;
    const overlap = 1 - (now - c.start) / windowMs;
    return c.current + Math.floor(c.previous * Math.max(0, overlap));
  }

  hit(key: string, windowMs: number, now: number): void {
    const c = this.roll(key, windowMs, now, true)!;
    c.current += 1;
    c.lastHit = now;
  }

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
