import { Inject, Injectable, Logger, UseGuards, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../common/http/app-error';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { OptionService } from '../option/option.service';

const VERIFY_TIMEOUT_MS = 10_000;
/** Turnstile tokens are at most 2048 characters; anything longer is not sent on. */
const TOKEN_MAX = 4096;

/** What siteverify answers (only the fields read here). */
interface SiteverifyAnswer {
  success?: unknown;
  'error-codes'?: unknown;
}

/**
 * The human check (Turnstile, TurnstileCheckEnabled): docs/identity/human-check.md. The token the
 * console got from the widget arrives as `?turnstile=`; it is verified server-side with siteverify
 * (TURNSTILE_VERIFY_URL) using TurnstileSecretKey and the client IP. Any failure, a timeout or an
 * unreadable answer counts as not passed (fail closed). Tokens are single-use, so one request is
 * verified at most once: the answer is kept on the request for every later look (the sign-in
 * throttles and the route's guard both ask).
 */
@Injectable()
export class HumanCheck {
  private readonly logger = new Logger(HumanCheck.name);
  private readonly verdicts = new WeakMap<FastifyRequest, Promise<boolean>>();

  constructor(
    private readonly options: OptionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get enabled(): boolean {
    return this.options.settings.TurnstileCheckEnabled;
  }

  /** The request's `turnstile` token, '' when absent. */
  tokenOf(req: FastifyRequest): string {
    const token = (req.query as { turnstile?: unknown } | undefined)?.turnstile;
    return typeof token === 'string' ? token.trim() : '';
  }

  /** Whether the request's token verifies (at most one siteverify call per request). */
  passed(req: FastifyRequest): Promise<boolean> {
    let verdict = this.verdicts.get(req);
    if (!verdict) {
      verdict = this.verify(this.tokenOf(req), req.ip);
      this.verdicts.set(req, verdict);
    }
    return verdict;
  }

  private async verify(token: string, remoteIp: string): Promise<boolean> {
    if (!token || token.length > TOKEN_MAX) return false;
    const form = new URLSearchParams({
      secret: String(this.options.settings.TurnstileSecretKey ?? ''),
      response: token,
      remoteip: remoteIp,
    });
    try {
      const res = await fetch(this.config.turnstileVerifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
      });
      const answer = (await res.json().catch(() => ({}))) as SiteverifyAnswer;
      if (res.ok && answer.success === true) return true;
      this.logger.warn(`turnstile refused the token: ${res.status} ${JSON.stringify(answer['error-codes'] ?? [])}`);
      return false;
    } catch (err) {
      this.logger.warn(`turnstile verification failed: ${err instanceof Error ? err.message : String(err)}`);
      return false;
    }
  }
}

/**
 * While the human check is on, refuses a request without a token (auth.turnstile_required) or
 * whose token does not verify (auth.turnstile_failed).
 */
@Injectable()
export class HumanCheckGuard implements CanActivate {
  constructor(private readonly human: HumanCheck) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (!this.human.enabled) return true;
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    if (!this.human.tokenOf(req)) throw AppError.badRequest('auth.turnstile_required');
    if (!(await this.human.passed(req))) throw AppError.badRequest('auth.turnstile_failed');
    return true;
  }
}

/**
 * The route answers only requests that passed the human check (when it is on). With a throttle on
 * the same route, put this decorator above the throttle's: method decorators apply bottom-up, so the
 * throttle's guard runs first and attempts are counted (and refused when over the limit) before
 * Turnstile is asked.
 */
export const HumanChecked = () => UseGuards(HumanCheckGuard);
