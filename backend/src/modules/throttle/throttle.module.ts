import { Logger, Module } from '@nestjs/common';
import { ThrottlerModule, type ThrottlerStorage } from '@nestjs/throttler';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { credentialThrottlers } from './credential-throttlers';
import { GlobalRateLimits } from './global-rate-limits';
import { RedisConnection } from '../redis/redis-connection.service';
import { HumanCheck, HumanCheckGuard } from './human-check';
import { FallbackThrottlerStorage, RedisThrottlerStorage } from './redis-throttle-storage';
import { FailClosedThrottlerStorage, MemoryThrottlerStorage } from './throttle-storage';

/**
 * The counters behind every throttle here, behind @nestjs/throttler's storage contract: in the
 * cluster's Redis when REDIS_CONN_STRING is set (this node's memory while Redis is away), else in this
 * node's memory (docs/cluster.md, "Limits"). A store that cannot answer at all refuses the request.
 */
function createThrottleStorage(redis: RedisConnection): ThrottlerStorage {
  const logger = new Logger('Throttle');
  const local = new MemoryThrottlerStorage();
  const store = redis.client
    ? new FallbackThrottlerStorage(new RedisThrottlerStorage(redis.client), local, redis)
    : local;
  return new FailClosedThrottlerStorage(store, (m) => logger.error(m));
}

/**
 * Throttling (docs/security/throttling.md): the credential-endpoint throttles (CredentialThrottleGuard
 * through SignInThrottle / CredentialIpThrottle) and the per-IP request budgets (GlobalRateLimits,
 * a Fastify hook added by app.factory.ts). Both count in one store.
 */
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [APP_CONFIG, RedisConnection],
      useFactory: (config: AppConfig, redis: RedisConnection) => ({
        storage: createThrottleStorage(redis),
        // Only Retry-After, set by the guard on refusal; no per-throttler X-RateLimit-* headers.
        setHeaders: false,
        throttlers: credentialThrottlers(config.criticalRateLimit),
      }),
    }),
  ],
  providers: [HumanCheck, HumanCheckGuard, GlobalRateLimits],
  exports: [HumanCheck, HumanCheckGuard, GlobalRateLimits],
})
export class ThrottleModule {}
