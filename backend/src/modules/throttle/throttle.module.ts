import { Logger, Module } from '@nestjs/common';
import { ThrottlerModule, type ThrottlerStorage } from '@nestjs/throttler';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { credentialThrottlers } from './credential-throttlers';
import { GlobalRateLimits } from './global-rate-limits';
import { HumanCheck, HumanCheckGuard } from './human-check';
import { FailClosedThrottlerStorage, MemoryThrottlerStorage } from './throttle-storage';

/**
 * The counters behind every throttle here, behind @nestjs/throttler's storage contract: a shared
 * store (Redis, when several nodes must agree) replaces the in-memory one here without touching the
 * callers. Whatever counts, a store failure refuses the request.
 */
function createThrottleStorage(): ThrottlerStorage {
  const logger = new Logger('Throttle');
  return new FailClosedThrottlerStorage(new MemoryThrottlerStorage(), (m) => logger.error(m));
}

/**
 * Throttling (docs/security/throttling.md): the credential-endpoint throttles (CredentialThrottleGuard
 * through SignInThrottle / CredentialIpThrottle) and the per-IP request budgets (GlobalRateLimits,
 * a Fastify hook added by app.factory.ts). Both count in one store.
 */
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        storage: createThrottleStorage(),
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
