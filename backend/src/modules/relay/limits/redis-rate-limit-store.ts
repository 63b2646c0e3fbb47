import type Redis from 'ioredis';
import { defineScript, type RedisScript } from '../../redis/redis-script';
import type { RedisConnection } from '../../redis/redis-connection.service';
import { sharedOrLocal } from '../../redis/redis-fallback';
import { type LimitRule, type MemoryRateLimitStore, type RateLimitStore } from './rate-limit-store';

/** Key prefix of the relay's counters in Redis. */
export const RATE_LIMIT_PREFIX = 'gw:rl:';

/**
 * KEYS: per rule, the counter of the current fixed window, then that of the previous one.
 * ARGV: now, then per rule: window (ms), limit, counted (1/0).
 * The same arithmetic as MemoryRateLimitStore.count; a counter lives until its next window ends.
 */
const TAKE = `
local now = tonumber(ARGV[1])
local n = #KEYS / 2
for i = 1, n do
  local w = tonumber(ARGV[3 * i - 1])
  local limit = tonumber(ARGV[3 * i])
  local current = tonumber(redis.call('GET', KEYS[2 * i - 1]) or '0')
  local previous = tonumber(redis.call('GET', KEYS[2 * i]) or '0')
  local overlap = 1 - (now % w) / w
  if current + math.ceil(previous * math.max(0, overlap)) >= limit then return i - 1 end
end
for i = 1, n do
  if ARGV[3 * i + 1] == '1' then
    redis.call('INCR', KEYS[2 * i - 1])
    redis.call('PEXPIRE', KEYS[2 * i - 1], 2 * tonumber(ARGV[3 * i - 1]))
  end
end
return -1`;

const HIT = `
redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 1`;

/**
 * The relay's counters in the cluster's Redis: the same sliding window as MemoryRateLimitStore, each
 * take() one atomic script, so N nodes admit exactly `limit` requests between them.
 */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly takeScript: RedisScript;
  private readonly hitScript: RedisScript;

  constructor(
    client: Redis,
    private readonly prefix = RATE_LIMIT_PREFIX,
  ) {
    this.takeScript = defineScript(client, 'gwRateLimitTake', TAKE);
    this.hitScript = defineScript(client, 'gwRateLimitHit', HIT);
  }

  async take(rules: readonly LimitRule[], now: number): Promise<number> {
    const keys: string[] = [];
    const args: (string | number)[] = [now];
    for (const r of rules) {
      const window = Math.floor(now / r.windowMs);
      keys.push(this.keyOf(r.key, r.windowMs, window), this.keyOf(r.key, r.windowMs, window - 1));
      args.push(r.windowMs, r.limit, r.counted ? 1 : 0);
    }
    return Number(await this.takeScript(keys, args));
  }

  async hit(key: string, windowMs: number, now: number): Promise<void> {
    await this.hitScript([this.keyOf(key, windowMs, Math.floor(now / windowMs))], [2 * windowMs]);
  }

  /** The counter of `key` in fixed window number `window` (a changed window length starts afresh). */
  private keyOf(key: string, windowMs: number, window: number): string {
    return `${this.prefix}${key}:${windowMs}:${window}`;
  }
}

/**
 * Counts in Redis while it answers, else on this node (a per-node budget: never unlimited, never a
 * refusal because Redis is away). Each call tries Redis again once the connection is back, so the
 * shared budget returns by itself. The node's counters see only the requests of its fallback periods.
 */
export class FallbackRateLimitStore implements RateLimitStore {
  constructor(
    private readonly shared: RateLimitStore,
    private readonly local: MemoryRateLimitStore,
    private readonly redis: Pick<RedisConnection, 'up' | 'reportFallback'>,
    private readonly component = 'relay-limits',
  ) {}

  take(rules: readonly LimitRule[], now: number): number | Promise<number> {
    return sharedOrLocal(
      this.redis,
      this.component,
      async () => this.shared.take(rules, now),
      () => this.local.take(rules, now),
    );
  }

  hit(key: string, windowMs: number, now: number): void | Promise<void> {
    return sharedOrLocal(
      this.redis,
      this.component,
      async () => this.shared.hit(key, windowMs, now),
      () => this.local.hit(key, windowMs, now),
    );
  }
}
