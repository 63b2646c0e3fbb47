import type { ThrottlerStorage } from '@nestjs/throttler';
import { AppError } from '../../common/http/app-error';

export type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

const SWEEP_MS = 60_000;

/** One key's state; the Redis store (redis-throttle-storage.ts) keeps the same three numbers. */
export interface ThrottleEntry {
  /** The window opens with the key's first counted request and lasts `ttl`. */
  windowEnd: number;
  hits: number;
  /** Refused until then (0 = not blocked). */
  blockedUntil: number;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * In-memory counters: one fixed window per key, opened by its first counted request. O(1) time and
 * memory per key whatever the limit (@nestjs/throttler's own memory store keeps a timestamp per hit
 * and scans them on every request: its cost grows with the limit).
 * Past `limit`, a request is refused and not counted: until the window ends, or for `blockDuration`
 * when one is given (the counter starts afresh after the block). Keys are unique across throttlers:
 * the guard's keys hash in the throttler's name, the request budgets prefix theirs.
 */
export class MemoryThrottlerStorage implements ThrottlerStorage {
  private readonly entries = new Map<string, ThrottleEntry>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    this.timer = setInterval(() => this.sweep(), SWEEP_MS);
    this.timer.unref();
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number): Promise<ThrottlerStorageRecord> {
    const now = this.now();
    let e = this.entries.get(key);
    if (e && e.blockedUntil > now) return refused(e, now);
    if (!e || e.blockedUntil !== 0 || now >= e.windowEnd) {
      e = { windowEnd: now + ttl, hits: 0, blockedUntil: 0 };
      this.entries.set(key, e);
    }
    if (e.hits >= limit) {
      if (blockDuration > 0) e.blockedUntil = now + blockDuration;
      return refused(e, now);
    }
    e.hits += 1;
    return counted(e, now);
  }

  /** Forgets keys whose window and block are over. */
  sweep(): void {
    const now = this.now();
    for (const [k, e] of this.entries) if (e.windowEnd <= now && e.blockedUntil <= now) this.entries.delete(k);
  }

  get size(): number {
    return this.entries.size;
  }

  close(): void {
    clearInterval(this.timer);
  }
}

/** The answer for a request counted as `e.hits`. */
export function counted(e: ThrottleEntry, now: number): ThrottlerStorageRecord {
  return { totalHits: e.hits, timeToExpire: seconds(e.windowEnd - now), isBlocked: false, timeToBlockExpire: 0 };
}

/** The answer for a refused (uncounted) request. */
export function refused(e: ThrottleEntry, now: number): ThrottlerStorageRecord {
  const until = e.blockedUntil > now ? e.blockedUntil : e.windowEnd;
  return {
    totalHits: e.hits + 1,
    timeToExpire: seconds(e.windowEnd - now),
    isBlocked: true,
    timeToBlockExpire: seconds(until - now),
  };
}

/**
 * A store that cannot answer refuses the request (503, common.rate_limit_unavailable) instead of
 * letting it through unlimited: limits fail closed. Wraps whichever store counts (throttle.module.ts).
 */
export class FailClosedThrottlerStorage implements ThrottlerStorage {
  constructor(
    private readonly inner: ThrottlerStorage & { close?(): void },
    private readonly logError: (message: string) => void,
  ) {}

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    try {
      return await this.inner.increment(key, ttl, limit, blockDuration, throttlerName);
    } catch (err) {
      this.logError(`rate-limit store unavailable: ${err instanceof Error ? err.message : String(err)}`);
      throw new AppError('common.rate_limit_unavailable', 503);
    }
  }

  onApplicationShutdown(): void {
    this.inner.close?.();
  }
}
