import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { emailBindQuerySchema, passwordResetSchema, verificationQuerySchema, type ApiEnvelope } from '@gw/shared';
import type { z } from 'zod';
import { ok } from '../../common/http/envelope';
import { ReqLocale } from '../../common/http/request-context';
import { ZodPipe } from '../../common/http/zod-pipe';
import type { Locale } from '../../common/i18n/i18n';
import { Access } from '../auth/access.decorator';
import { CurrentUser, type AuthUser } from '../auth/auth-user';
import { SignInThrottle } from '../throttle/credential-throttle.guard';
import { HumanChecked } from '../throttle/human-check';
import { EmailCodeService } from './email-code.service';
import { PasswordResetService } from './password-reset.service';

/**
 * E-mail codes, address binding and password reset (docs/identity/email-and-reset.md). Each route
 * is throttled per client IP and per address (the credential throttles, the address as account);
 * HumanChecked sits above the throttle so that attempts are counted before Turnstile is asked.
 */
@Controller('api')
@Access('public')
export class VerificationController {
  constructor(
    private readonly emailCodes: EmailCodeService,
    private readonly resets: PasswordResetService,
  ) {}

  @Get('verification')
  @HumanChecked()
  @SignInThrottle()
  async sendCode(
    @Query(new ZodPipe(verificationQuerySchema)) q: z.infer<typeof verificationQuerySchema>,
    @ReqLocale() locale: Locale,
  ): Promise<ApiEnvelope> {
    await this.emailCodes.send(q.email, locale);
    return ok();
  }

  @Get('oauth/email/bind')
  @Access('user')
  @SignInThrottle()
  async bindEmail(
    @Query(new ZodPipe(emailBindQuerySchema)) q: z.infer<typeof emailBindQuerySchema>,
    @CurrentUser() caller: AuthUser,
  ): Promise<ApiEnvelope> {
    await this.emailCodes.bind(caller.id, q.email, q.code);
    return ok();
  }

  @Get('reset_password')
  @HumanChecked()
  @SignInThrottle()
  async requestReset(
    @Query(new ZodPipe(verificationQuerySchema)) q: z.infer<typeof verificationQuerySchema>,
    @ReqLocale() locale: Locale,
  ): Promise<ApiEnvelope> {
    await this.resets.request(q.email, locale);
    return ok();
  }

  @Post('user/reset')
  @HttpCode(200)
  @SignInThrottle()
  async confirmReset(@Body(new ZodPipe(passwordResetSchema)) body: z.infer<typeof passwordResetSchema>): Promise<ApiEnvelope<string>> {
    return ok(await this.resets.confirm(body.email, body.token));
  }
}
