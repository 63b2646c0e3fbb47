import type { RedisConnection } from './redis-connection.service';

const NOT_CONNECTED = new Error('not connected');

/**
 * The cluster's answer while Redis is up and answers, else this node's own (docs/cluster.md): `shared()`
 * when connected, `local()` when not or when `shared()` fails, each fallback reported under `component`
 * (gateway_redis_fallback_total, one warning per outage). Every call tries Redis again, so the shared
 * answer returns by itself once the connection is back.
 */
export function sharedOrLocal<T>(
  redis: Pick<RedisConnection, 'up' | 'reportFallback'>,
  component: string,
  shared: () => Promise<T>,
  local: () => T | Promise<T>,
): T | Promise<T> {
  if (!redis.up) {
    redis.reportFallback(component, NOT_CONNECTED);
    return local();
  }
  return shared().catch((err: unknown) => {
    redis.reportFallback(component, err);
    return local();
  });
}
