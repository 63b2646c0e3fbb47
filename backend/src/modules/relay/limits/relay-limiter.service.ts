import { Injectable, Optional, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Settings } from '@gw/shared';
import type { Subscription } from 'rxjs';
import { OptionService } from '../../option/option.service';
import { RelayError } from '../http/relay-error';
import type { RelayCaller } from '../pipeline/relay-caller';
import { RedisConnection } from '../../redis/redis-connection.service';
import { ADMITTED, MemoryRateLimitStore, type LimitRule, type RateLimitStore } from './rate-limit-store';
import { FallbackRateLimitStore, RedisRateLimitStore } from './redis-rate-limit-store';
import { buildSensitiveMatcher, type SensitiveMatcher } from './sensitive-words';

const SWEEP_MS = 60_000;

/** What admit() hands back so that a successful request can be counted afterwards. */
export interface LimitTicket {
  readonly successKeys: readonly { key: string; windowMs: number }[];
}

const NO_LIMITS: LimitTicket = { successKeys: [] };

/**
 * Request limits: the token's own limit (rate_limit_* fields: all requests and successful requests per
 * period) and the ModelRequestRateLimit* options per user. Counted in the cluster's Redis when
 * REDIS_CONN_STRING is set, on this node otherwise or while Redis is away (docs/cluster.md, "Limits").
 * Also the sensitive-word check on prompts.
 */
@Injectable()
export class RelayLimiter implements OnModuleInit, OnModuleDestroy {
  /** This node's counters: the only ones without Redis, the fallback with it. */
  private readonly local = new MemoryRateLimitStore();
  private readonly store: RateLimitStore;
  private sensitive: SensitiveMatcher = buildSensitiveMatcher('');
  private subscription?: Subscription;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly options: OptionService,
    @Optional() redis?: RedisConnection,
  ) {
    this.store =
      redis?.client != null
        ? new FallbackRateLimitStore(new RedisRateLimitStore(redis.client), this.local, redis)
        : this.local;
  }

  onModuleInit(): void {
    this.sensitive = buildSensitiveMatcher(this.options.settings.SensitiveWords);
    this.subscription = this.options.changes.subscribe((keys) => {
      if (keys.includes('SensitiveWords')) this.sensitive = buildSensitiveMatcher(this.options.settings.SensitiveWords);
    });
    this.timer = setInterval(() => this.local.sweep(Date.now()), SWEEP_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
    this.subscription?.unsubscribe();
  }

  /**
   * Counts this request, or refuses it with 429; checked and counted in one step, so nodes sharing
   * Redis never admit more than the limit between them. A refused request counts nowhere. Answers at
   * once when the counters are this node's (no Redis configured, or no limit applies).
   */
  admit(caller: RelayCaller, s: Settings, now = Date.now()): LimitTicket | Promise<LimitTicket> {
    const rules: LimitRule[] = [];
    const successKeys: { key: string; windowMs: number }[] = [];
    const rl = caller.token?.rateLimit;
    if (caller.token && rl?.enabled && rl.periodSec > 0) {
      const windowMs = rl.periodSec * 1000;
      const ok = `ts:${caller.token.id}`;
      if (rl.count > 0) rules.push({ key: `t:${caller.token.id}`, windowMs, limit: rl.count, counted: true });
      rules.push({ key: ok, windowMs, limit: rl.success, counted: false });
      successKeys.push({ key: ok, windowMs });
    }
    const userRulesFrom = rules.length;
    if (s.ModelRequestRateLimitEnabled && s.ModelRequestRateLimitDurationMinutes > 0) {
      const windowMs = s.ModelRequestRateLimitDurationMinutes * 60_000;
      const ok = `us:${caller.user.id}`;
      const total = s.ModelRequestRateLimitCount;
      if (total > 0) rules.push({ key: `u:${caller.user.id}`, windowMs, limit: total, counted: true });
      rules.push({ key: ok, windowMs, limit: s.ModelRequestRateLimitSuccessCount, counted: false });
      successKeys.push({ key: ok, windowMs });
    }
    if (rules.length === 0) return NO_LIMITS;
    const decide = (refused: number): LimitTicket => {
      if (refused === ADMITTED) return { successKeys };
      if (refused < userRulesFrom) throw RelayError.rateLimited('relay.rate_limited');
      const total = s.ModelRequestRateLimitCount;
      const params = {
        minutes: s.ModelRequestRateLimitDurationMinutes,
        count: total > 0 ? total : s.ModelRequestRateLimitSuccessCount,
      };
      throw RelayError.rateLimited('relay.model_rate_limited', params);
    };
    const refused = this.store.take(rules, now);
    return typeof refused === 'number' ? decide(refused) : refused.then(decide);
  }

  /** A request succeeded: it counts toward the success limits (never fails: the store falls back). */
  succeeded(ticket: LimitTicket, now = Date.now()): void {
    for (const { key, windowMs } of ticket.successKeys) void this.store.hit(key, windowMs, now);
  }

  /** The matcher for model output when CheckSensitiveOnCompletionEnabled is on (docs/relay.md); else null. */
  outputMatcher(s: Settings): SensitiveMatcher | null {
    if (!s.CheckSensitiveEnabled || !s.CheckSensitiveOnCompletionEnabled || this.sensitive.empty) return null;
    return this.sensitive;
  }

  /** Refuses a prompt containing a sensitive word when the check is on. */
  checkPrompt(text: () => string, s: Settings): void {
    if (!s.CheckSensitiveEnabled || !s.CheckSensitiveOnPromptEnabled || this.sensitive.empty) return;
    if (this.sensitive.find(text()) !== null)
      throw RelayError.invalidRequest('relay.sensitive_words', 'sensitive_words_detected');
  }
}
