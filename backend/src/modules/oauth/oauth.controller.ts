import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import type { ApiEnvelope, LoginResult } from '@gw/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ok } from '../../common/http/envelope';
import { Access } from '../auth/access.decorator';
import { CredentialIpThrottle } from '../throttle/credential-throttle.guard';
import { OAuthService, type CallbackQuery } from './oauth.service';

/** GitHub, OIDC and LinuxDO sign-in and binding (docs/identity/third-party-sign-in.md). */
@Controller('api/oauth')
@Access('public')
export class OAuthController {
  constructor(private readonly oauth: OAuthService) {}

  /** A state for clients that build the authorize URL themselves. */
  @Get('state')
  async state(
    @Query('aff') aff: string | undefined,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiEnvelope<string>> {
    return ok(await this.oauth.issueState(req, reply, aff ?? ''));
  }

  /** 302 to the provider's authorize page (the console's sign-in buttons navigate here). */
  @Get(':provider/start')
  async start(
    @Param('provider') provider: string,
    @Query('aff') aff: string | undefined,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const url = await this.oauth.start(req, reply, provider, aff ?? '');
    await reply.redirect(url, 302);
  }

  /** Signs in (or up), or binds when the caller is signed in (message 'bind'). */
  @Get(':provider')
  @CredentialIpThrottle()
  async callback(
    @Param('provider') provider: string,
    @Query() query: CallbackQuery,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiEnvelope<LoginResult | undefined>> {
    const outcome = await this.oauth.callback(req, reply, provider, query);
    return outcome.kind === 'bound' ? ok<undefined>(undefined, 'bind') : ok(outcome.result);
  }
}
