import { Inject, Injectable } from '@nestjs/common';
import { InjectThrottlerStorage, normalizeIp, type ThrottlerStorage } from '@nestjs/throttler';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../common/http/app-error';
import { errorReply } from '../../common/http/error-body';
import { isRelayPath } from '../../common/http/relay-paths';
import { RelayTrace } from '../tracing/relay-trace';
import { APP_CONFIG, type AppConfig, type RequestBudget } from '../../config/env';
import { budgetOf, type BudgetName } from './request-budget';

/**
 * GLOBAL_API_RATE_LIMIT and GLOBAL_WEB_RATE_LIMIT: requests per client IP (req.ip, which believes
 * X-Forwarded-For only from TRUSTED_PROXIES) per window, counted by a Fastify hook so that static
 * files and unknown paths are covered too. What each budget counts: request-budget.ts.
 */
@Injectable()
export class GlobalRateLimits {
  private readonly budgets: Readonly<Record<BudgetName, RequestBudget>>;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @InjectThrottlerStorage() private readonly storage: ThrottlerStorage,
  ) {
    this.budgets = { api: config.globalApiRateLimit, web: config.globalWebRateLimit };
  }

  /** Adds the hook; call before routes are registered. Nothing is added when both budgets are off. */
  register(fastify: FastifyInstance): void {
    if (!this.budgets.api.enabled && !this.budgets.web.enabled) return;
    fastify.addHook('onRequest', (req, reply, done) => {
      const name = budgetOf(req.method, req.url);
      if (name === null || !this.budgets[name].enabled) return done();
      const startedAt = performance.now();
      const { limit, ttlMs } = this.budgets[name];
      // No block: past the limit, refused until the window of this address ends.
      this.storage.increment(`${name}:${normalizeIp(req.ip)}`, ttlMs, limit, 0, name).then(
        (record) => {
          if (!record.isBlocked) return done();
          void reply.header('retry-after', String(Math.max(1, record.timeToBlockExpire)));
          refuse(req, reply, new AppError('common.too_many_requests', 429), startedAt);
        },
        // The store failed (fail closed): its error is already a 503 AppError.
        (err: unknown) => refuse(req, reply, err, startedAt),
      );
    });
  }
}

/** The refusal; on a relay path also timed and traced as a relay refusal (docs/observability.md). */
function refuse(req: FastifyRequest, reply: FastifyReply, err: unknown, startedAt: number): void {
  const { status, body } = errorReply(err, req.url, req.headers['accept-language']);
  const trace = isRelayPath(req.url) ? RelayTrace.ensure(req, reply, startedAt) : null;
  trace?.failed(reply, { code: status === 429 ? 'too_many_requests' : null, status });
  void reply.status(status).header('cache-control', 'no-store').send(body);
  trace?.ended(reply);
}
