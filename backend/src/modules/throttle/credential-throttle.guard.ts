import { applyDecorators, Inject, Injectable, UseGuards, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  SkipThrottle,
  ThrottlerException,
  ThrottlerGuard,
  type ThrottlerLimitDetail,
  type ThrottlerModuleOptions,
  type ThrottlerRequest,
  type ThrottlerStorage,
} from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { PER_ACCOUNT, PER_ACCOUNT_AND_IP } from './credential-throttlers';
import { HumanCheck } from './human-check';

/**
 * The throttles of credential-throttlers.ts on one route. A throttled request gets 429
 * (common.too_many_requests) with Retry-After in seconds.
 */
@Injectable()
export class CredentialThrottleGuard extends ThrottlerGuard {
  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() storage: ThrottlerStorage,
    reflector: Reflector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly human: HumanCheck,
  ) {
    super(options, storage, reflector);
  }

  protected override async shouldSkip(): Promise<boolean> {
    return !this.config.criticalRateLimit.enabled;
  }

  /** The per-account throttle counts only while the human check is on, and not requests that passed it. */
  protected override async handleRequest(props: ThrottlerRequest): Promise<boolean> {
    if (props.throttler.name === PER_ACCOUNT) {
      if (!this.human.enabled) return true;
      const req = props.context.switchToHttp().getRequest<FastifyRequest>();
      if (await this.human.passed(req)) return true;
    }
    return super.handleRequest(props);
  }

  protected override async throwThrottlingException(context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    void reply.header('retry-after', String(Math.max(1, detail.timeToBlockExpire)));
    throw new ThrottlerException();
  }
}

/** Sign-in: per client IP, per account and IP, and per account while the human check is on. */
export const SignInThrottle = () => UseGuards(CredentialThrottleGuard);

/** Credential requests that name no existing account (sign-up): per client IP only. */
export const CredentialIpThrottle = () =>
  applyDecorators(UseGuards(CredentialThrottleGuard), SkipThrottle({ [PER_ACCOUNT_AND_IP]: true, [PER_ACCOUNT]: true }));
