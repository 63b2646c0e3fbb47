import { Body, Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { loginSchema, registerSchema, type ApiEnvelope, type LoginResult } from '@gw/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ok } from '../../common/http/envelope';
import { ZodPipe } from '../../common/http/zod-pipe';
import { CredentialIpThrottle, SignInThrottle } from '../throttle/credential-throttle.guard';
import { HumanChecked } from '../throttle/human-check';
import { Access } from './access.decorator';
import { AuthService } from './auth.service';
import { SessionService } from './session.service';

@Controller('api/user')
@Access('public')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly sessions: SessionService,
  ) {}

  /** Throttled per client IP, per account and IP, and per account behind the human check; HumanChecked (docs/identity/human-check.md). */
  @Post('login')
  @HttpCode(200)
  @HumanChecked()
  @SignInThrottle()
  async login(
    @Body(new ZodPipe(loginSchema)) body: z.infer<typeof loginSchema>,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiEnvelope<LoginResult>> {
    const { result, sessionVersion } = await this.auth.login(body.username, body.password);
    await this.sessions.start(req, reply, { userId: result.id, sessionVersion });
    return ok(result);
  }

  @Post('register')
  @HttpCode(200)
  @HumanChecked()
  @CredentialIpThrottle()
  async register(
    @Body(new ZodPipe(registerSchema)) body: z.infer<typeof registerSchema>,
    @Query('turnstile') turnstile: string | undefined,
  ): Promise<ApiEnvelope> {
    await this.auth.register(body, turnstile);
    return ok();
  }

  /** Ends the session on the server. GET kept for compatibility with existing consoles; POST for everything new. */
  @Get('logout')
  async logoutGet(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<ApiEnvelope> {
    await this.sessions.end(req, reply);
    return ok();
  }

  @Post('logout')
  @HttpCode(200)
  async logout(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<ApiEnvelope> {
    await this.sessions.end(req, reply);
    return ok();
  }
}
