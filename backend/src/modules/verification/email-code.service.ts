import { randomInt } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { checkEmailAddress, normalizeEmail } from '@gw/shared';
import { DataSource } from 'typeorm';
import { AppError } from '../../common/http/app-error';
import { t, type Locale } from '../../common/i18n/i18n';
import type { MessageKey } from '../../common/i18n/messages';
import { MailService } from '../mail/mail.service';
import { OptionService } from '../option/option.service';
import { UserCredentialsService } from '../user/user-credentials.service';
import { RESEND_AFTER_SEC, VerificationCodes } from './verification-codes';

/** E-mail codes are valid this long (seconds). */
export const CODE_TTL_SEC = 3 * 60;

/**
 * Six-digit codes that prove an address (docs/identity/email-and-reset.md): sent by `send` under the
 * operator's address rules, used by sign-up (AuthService.register, through VerificationCodes) and
 * by `bind`, which sets a signed-in user's address.
 */
@Injectable()
export class EmailCodeService {
  private readonly logger = new Logger(EmailCodeService.name);

  constructor(
    private readonly codes: VerificationCodes,
    private readonly mail: MailService,
    private readonly options: OptionService,
    private readonly credentials: UserCredentialsService,
    private readonly dataSource: DataSource,
  ) {}

  /** The normalized address, or a refusal under EmailDomainRestrictionEnabled / EmailAliasRestrictionEnabled. */
  allowedAddress(email: string): string {
    const s = this.options.settings;
    const rule = checkEmailAddress(email, {
      domainRestriction: s.EmailDomainRestrictionEnabled,
      whitelist: String(s.EmailDomainWhitelist ?? ''),
      aliasRestriction: s.EmailAliasRestrictionEnabled,
    });
    if (rule) throw AppError.badRequest(rule as MessageKey);
    return normalizeEmail(email);
  }

  /** Mails a new code to a free, allowed address; refused within RESEND_AFTER_SEC of the last one. */
  async send(email: string, locale: Locale): Promise<void> {
    const address = this.allowedAddress(email);
    if (!this.mail.configured) throw AppError.badRequest('email.smtp_not_configured');
    if (await this.credentials.emailTaken(address)) throw AppError.badRequest('email.taken');
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const system = this.options.settings.SystemName;
    const mail = {
      to: address,
      subject: t('verification.mail_subject', locale, { system }),
      text: t('verification.mail_body', locale, { system, code, minutes: CODE_TTL_SEC / 60 }),
    };
    let sent: boolean;
    try {
      sent = await this.codes.issueAndDeliver('email', address, code, CODE_TTL_SEC, () => this.mail.send(mail));
    } catch (err) {
      this.logger.warn(`verification mail not sent: ${err instanceof Error ? err.message : String(err)}`);
      throw new AppError('email.send_failed', 502);
    }
    if (!sent) throw AppError.badRequest('verification.resend_too_soon', { seconds: RESEND_AFTER_SEC });
  }

  /** Sets the signed-in user's address to one its code proves (email.taken when another user has it). */
  async bind(userId: number, email: string, code: string): Promise<void> {
    if (!code) throw AppError.badRequest('verification.code_required');
    const address = this.allowedAddress(email);
    await this.codes.check('email', address, code);
    await this.dataSource.transaction(async (m) => {
      await this.codes.consume(m, 'email', address, code);
      await this.credentials.bindEmail(m, userId, address);
    });
    this.credentials.changed(userId);
  }
}
