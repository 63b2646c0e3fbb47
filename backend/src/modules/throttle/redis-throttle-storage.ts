import type { ThrottlerStorage } from '@nestjs/throttler';
import type Redis from 'ioredis';
import { defineScript, type RedisScript } from '../redis/redis-script';
import type { RedisConnection } from '../redis/redis-connection.service';
import { sharedOrLocal } from '../redis/redis-fallback';
import {
  counted,
  refused,
  type MemoryThrottlerStorage,
  type ThrottleEntry,
  type ThrottlerStorageRecord,
} from './throttle-storage';

/** Key prefix of the throttle counters in Redis. */
export const THROTTLE_PREFIX = 'gw:th:';

/**
 * MemoryThrottlerStorage.increment as one atomic step on a hash (window end, hits, blocked until).
 * KEYS[1]: the counter. ARGV: now, ttl, limit, block (ms). Answers the entry and 1 if the request was
 * counted, 0 if refused. The hash expires when both its window and its block are over.
 */
const INCREMENT = `
local now = tonumber(ARGV[1])
local ttl = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
local block = tonumber(ARGV[4])
local e = redis.call('HMGET', KEYS[1], 'end', 'hits', 'blocked')
local windowEnd, hits, blocked = tonumber(e[1]), tonumber(e[2]), tonumber(e[3])
if windowEnd and blocked > now then return {windowEnd, hits, blocked, 0} end
if not windowEnd or blocked ~= 0 or now >= windowEnd then
  windowEnd, hits, blocked = now + ttl, 0, 0
end
local answer = 1
if hits >= limit then
  if block > 0 then blocked = now + block end
  answer = 0
else
  hits = hits + 1
end
redis.call('HSET', KEYS[1], 'end', windowEnd, 'hits', hits, 'blocked', blocked)
redis.call('PEXPIRE', KEYS[1], math.max(1, math.max(windowEnd, blocked) - now))
return {windowEnd, hits, blocked, answer}`;

/**
 * The throttles' counters in the cluster's Redis, with MemoryThrottlerStorage's semantics exactly (a
 * fixed window opened by the first counted request, refused requests not counted, blockDuration).
 */
export class RedisThrottlerStorage implements ThrottlerStorage {
  private readonly script: RedisScript;

  constructor(
    client: Redis,
    private readonly prefix = THROTTLE_PREFIX,
    private readonly now: () => number = Date.now,
  ) {
    this.script = defineScript(client, 'gwThrottleIncrement', INCREMENT);
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number): Promise<ThrottlerStorageRecord> {
    const now = this.now();
    const answer = (await this.script([this.prefix + key], [now, ttl, limit, blockDuration])) as number[];
    const e: ThrottleEntry = { windowEnd: answer[0], hits: answer[1], blockedUntil: answer[2] };
    return answer[3] === 1 ? counted(e, now) : refused(e, now);
  }
}

/**
 * Counts in Redis while it answers, else in this node's memory (per-node budgets, never unlimited).
 * Each call tries Redis again once the connection is back. Behind FailClosedThrottlerStorage, which
 * refuses only when neither can answer.
 */
export class FallbackThrottlerStorage implements ThrottlerStorage {
  constructor(
    private readonly shared: ThrottlerStorage,
    private readonly local: MemoryThrottlerStorage,
    private readonly redis: Pick<RedisConnection, 'up' | 'reportFallback'>,
    private readonly component = 'throttle',
  ) {}

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    return sharedOrLocal(
      this.redis,
      this.component,
      () => this.shared.increment(key, ttl, limit, blockDuration, throttlerName),
      () => this.local.increment(key, ttl, limit, blockDuration),
    );
  }

  close(): void {
    this.local.close();
  }
}
