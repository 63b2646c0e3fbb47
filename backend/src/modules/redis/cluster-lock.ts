import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import { defineScript, type RedisScript } from './redis-script';

/** Key prefix of job locks in Redis. */
export const JOB_LOCK_PREFIX = 'gw:job:';

/** Takes the lock if free, or extends it if this holder has it. ARGV: token, ttl (ms). */
const ACQUIRE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 end
return 0`;

/** Deletes the lock only if this holder has it. ARGV: token. */
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/**
 * A lease on one key in Redis, held by whoever set it with their own token (SET NX PX) until it
 * expires or its holder releases it; releasing compares the token, so nobody frees another's lease.
 */
export class ClusterLock {
  private readonly acquireScript: RedisScript;
  private readonly releaseScript: RedisScript;

  constructor(
    client: Redis,
    readonly key: string,
    readonly token: string = randomUUID(),
  ) {
    this.acquireScript = defineScript(client, 'gwLockAcquire', ACQUIRE);
    this.releaseScript = defineScript(client, 'gwLockRelease', RELEASE);
  }

  /** Takes the lease for `ttlMs`, or renews it if this holder has it; false when another holds it. */
  async acquire(ttlMs: number): Promise<boolean> {
    return Number(await this.acquireScript([this.key], [this.token, Math.max(1, Math.round(ttlMs))])) === 1;
  }

  /** Gives the lease up if this holder has it; false when it was not held by this holder. */
  async release(): Promise<boolean> {
    return Number(await this.releaseScript([this.key], [this.token])) === 1;
  }
}
