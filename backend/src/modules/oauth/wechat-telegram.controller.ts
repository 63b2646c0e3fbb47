import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import type { ApiEnvelope, LoginResult } from '@gw/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ok } from '../../common/http/envelope';
import { Access } from '../auth/access.decorator';
import { CurrentUser, type AuthUser } from '../auth/auth-user';
import { CredentialIpThrottle } from '../throttle/credential-throttle.guard';
import { WeChatTelegramService, type TelegramFields } from './wechat-telegram.service';

/** WeChat code and Telegram widget sign-in and binding (docs/identity/third-party-sign-in.md). */
@Controller('api/oauth')
export class WeChatTelegramController {
  constructor(private readonly service: WeChatTelegramService) {}

  @Get('wechat')
  @Access('public')
  @CredentialIpThrottle()
  async weChat(
    @Query('code') code: string | undefined,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiEnvelope<LoginResult>> {
    return ok(await this.service.weChatLogin(req, reply, code));
  }

  @Get('wechat/bind')
  @Access('user')
  async weChatBind(@CurrentUser() caller: AuthUser, @Query('code') code: string | undefined): Promise<ApiEnvelope> {
    await this.service.weChatBind(caller, code);
    return ok(undefined, 'bind');
  }

  @Get('telegram/login')
  @Access('public')
  @CredentialIpThrottle()
  async telegramLogin(
    @Query() fields: TelegramFields,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiEnvelope<LoginResult>> {
    return ok(await this.service.telegramLogin(req, reply, fields));
  }

  @Get('telegram/bind')
  @Access('user')
  async telegramBind(@CurrentUser() caller: AuthUser, @Query() fields: TelegramFields): Promise<ApiEnvelope> {
    await this.service.telegramBind(caller, fields);
    return ok(undefined, 'bind');
  }
}
