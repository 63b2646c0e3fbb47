import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Settings } from '@gw/shared';
import type { Subscription } from 'rxjs';
import { OptionService } from '../../option/option.service';
import { RelayError } from '../http/relay-error';
import type { RelayCaller } from '../pipeline/relay-caller';
import { MemoryRateLimitStore, type RateLimitStore } from './rate-limit-store';
import { buildSensitiveMatcher, type SensitiveMatcher } from './sensitive-words';

const SWEEP_MS = 60_000;

/** What admit() hands back so that a successful request can be counted afterwards. */
export interface LimitTicket {
  readonly successKeys: readonly { key: string; windowMs: number }[];
}

/**
 * Request limits, in memory per node: the token's own limit (rate_limit_* fields: all requests and
 * successful requests per period) and the ModelRequestRateLimit* options per user. Also the
 * sensitive-word check on prompts.
 */
@Injectable()
export class RelayLimiter implements OnModuleInit, OnModuleDestroy {
  private readonly store: RateLimitStore = new MemoryRateLimitStore();
  private sensitive: SensitiveMatcher = buildSensitiveMatcher('');
  private subscription?: Subscription;
  private timer?: NodeJS.Timeout;

  constructor(private readonly options: OptionService) {}

  onModuleInit(): void {
    this.sensitive = buildSensitiveMatcher(this.options.settings.SensitiveWords);
    this.subscription = this.options.changes.subscribe((keys) => {
      if (keys.includes('SensitiveWords')) this.sensitive = buildSensitiveMatcher(this.options.settings.SensitiveWords);
    });
    this.timer = setInterval(() => this.store.sweep(Date.now()), SWEEP_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
    this.subscription?.unsubscribe();
  }

  /** Counts this request, or refuses it with 429. */
  admit(caller: RelayCaller, s: Settings, now = Date.now()): LimitTicket {
    const successKeys: { key: string; windowMs: number }[] = [];
    const rl = caller.token?.rateLimit;
    if (caller.token && rl?.enabled && rl.periodSec > 0) {
      const windowMs = rl.periodSec * 1000;
      const all = `t:${caller.token.id}`;
      const ok = `ts:${caller.token.id}`;
      if (
        (rl.count > 0 && this.store.count(all, windowMs, now) >= rl.count) ||
        this.store.count(ok, windowMs, now) >= rl.success
      ) {
        throw RelayError.rateLimited('relay.rate_limited');
      }
      this.store.hit(all, windowMs, now);
      successKeys.push({ key: ok, windowMs });
    }
    if (s.ModelRequestRateLimitEnabled && s.ModelRequestRateLimitDurationMinutes > 0) {
      const windowMs = s.ModelRequestRateLimitDurationMinutes * 60_000;
      const all = `u:${caller.user.id}`;
      const ok = `us:${caller.user.id}`;
      const total = s.ModelRequestRateLimitCount;
      if (
        (total > 0 && this.store.count(all, windowMs, now) >= total) ||
        this.store.count(ok, windowMs, now) >= s.ModelRequestRateLimitSuccessCount
      ) {
        const params = {
          minutes: s.ModelRequestRateLimitDurationMinutes,
          count: total > 0 ? total : s.ModelRequestRateLimitSuccessCount,
        };
        throw RelayError.rateLimited('relay.model_rate_limited', params);
      }
      this.store.hit(all, windowMs, now);
      successKeys.push({ key: ok, windowMs });
    }
    return { successKeys };
  }

  /** A request succeeded: it counts toward the success limits. */
  succeeded(ticket: LimitTicket, now = Date.now()): void {
    for (const { key, windowMs } of ticket.successKeys) this.store.hit(key, windowMs, now);
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
