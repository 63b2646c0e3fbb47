import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LoginResult } from '@gw/shared';
import { AppError } from '../../common/http/app-error';
import { nowSec } from '../../database/columns';
import type { AuthUser } from '../auth/auth-user';
import { OptionService } from '../option/option.service';
import type { Identity } from '../user/user-identity.service';
import { OAuthAccountService } from './oauth-account.service';
import { checkTelegramLogin } from './providers/telegram';
import { weChatIdByCode } from './providers/wechat';

/** The Telegram login widget's fields, as the console passes them on in the query. */
export type TelegramFields = Readonly<Record<string, string>>;

/**
 * Sign-in and binding with a WeChat code (checked by the WeChat QR login server) or Telegram login
 * widget data (checked by its signature): docs/identity/third-party-sign-in.md. No redirect, so no state.
 */
@Injectable()
export class WeChatTelegramService {
  constructor(
    private readonly accounts: OAuthAccountService,
    private readonly options: OptionService,
  ) {}

  async weChatLogin(req: FastifyRequest, reply: FastifyReply, code: string | undefined): Promise<LoginResult> {
    const id = await this.weChatIdentity(code);
    return this.accounts.signIn(req, reply, {
      prefix: 'wechat',
      identity: id,
      profile: { displayName: 'WeChat User' },
      aff: '',
    });
  }

  async weChatBind(caller: AuthUser, code: string | undefined): Promise<void> {
    await this.accounts.bind(caller, await this.weChatIdentity(code));
  }

  async telegramLogin(req: FastifyRequest, reply: FastifyReply, fields: TelegramFields): Promise<LoginResult> {
    const id = this.telegramIdentity(fields);
    const name = [fields.first_name, fields.last_name].filter(Boolean).join(' ') || fields.username;
    return this.accounts.signIn(req, reply, {
      prefix: 'telegram',
      identity: id,
      profile: { displayName: name },
      aff: '',
    });
  }

  async telegramBind(caller: AuthUser, fields: TelegramFields): Promise<void> {
    await this.accounts.bind(caller, this.telegramIdentity(fields));
  }

  private async weChatIdentity(code: string | undefined): Promise<Identity> {
    if (!code) throw AppError.badRequest('oauth.code_missing');
    const s = this.options.settings;
    if (!s.WeChatAuthEnabled) throw AppError.forbidden('oauth.provider_disabled', { provider: 'WeChat' });
    return { field: 'wechat_id', value: await weChatIdByCode(s, code) };
  }

  private telegramIdentity(fields: TelegramFields): Identity {
    if (!fields.id || !fields.hash) throw AppError.badRequest('oauth.telegram_invalid');
    const s = this.options.settings;
    if (!s.TelegramOAuthEnabled) throw AppError.forbidden('oauth.provider_disabled', { provider: 'Telegram' });
    const check = checkTelegramLogin(fields, s.TelegramBotToken, nowSec());
    if (check === 'expired') throw AppError.badRequest('oauth.telegram_expired');
    if (check !== 'ok') throw AppError.badRequest('oauth.telegram_invalid');
    return { field: 'telegram_id', value: fields.id };
  }
}
