import { randomBytes } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { checkEmailAddress, normalizeEmail } from '@gw/shared';
import { DataSource } from 'typeorm';
import { AppError } from '../../common/http/app-error';
import { t, type Locale } from '../../common/i18n/i18n';
import type { MessageKey } from '../../common/i18n/messages';
import { randomAlphanumeric } from '../auth/secrets';
import { MailService } from '../mail/mail.service';
import { OptionService } from '../option/option.service';
import { UserCredentialsService } from '../user/user-credentials.service';
import { VerificationCodes } from './verification-codes';

/** Reset links are valid this long (seconds). */
export const RESET_TTL_SEC = 15 * 60;
export const NEW_PASSWORD_LENGTH = 12;
const FORMAT_ONLY = { domainRestriction: false, whitelist: '', aliasRestriction: false };

/**
 * Password reset by mailed link (docs/identity/email-and-reset.md). Asking answers the same whether
 * or not the address belongs to a user, after the same work: the lookup; the link is recorded and
 * mailed after the answer. Confirming with the link's token sets a generated password, revokes the
 * access token and ends every session of the user.
 */
@Injectable()
export class PasswordResetService {
  private readonly logger = new Logger(PasswordResetService.name);

  constructor(
    private readonly codes: VerificationCodes,
    private readonly mail: MailService,
    private readonly options: OptionService,
    private readonly credentials: UserCredentialsService,
    private readonly dataSource: DataSource,
  ) {}

  /**
   * The link is built on ServerAddress only, never on the request's Host header: a caller could set
   * that to their own site and receive someone else's reset token when the victim clicks the link.
   */
  async request(email: string, locale: Locale): Promise<void> {
    const rule = checkEmailAddress(email, FORMAT_ONLY);
    if (rule) throw AppError.badRequest(rule as MessageKey);
    if (!this.mail.configured) throw AppError.badRequest('email.smtp_not_configured');
    if (!this.options.settings.ServerAddress) throw AppError.badRequest('reset.server_address_missing');
    const address = normalizeEmail(email);
    const user = await this.credentials.findActiveByEmail(address);
    if (user) void this.deliver(address, locale);
  }

  /** Records a token (none when one was sent less than 30 s ago) and mails its link; never rejects. */
  private async deliver(address: string, locale: Locale): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const s = this.options.settings;
    const base = String(s.ServerAddress).replace(/\/+$/, '');
    const link = `${base}/user/reset?email=${encodeURIComponent(address)}&token=${token}`;
    const system = s.SystemName;
    const mail = {
      to: address,
      subject: t('reset.mail_subject', locale, { system }),
      text: t('reset.mail_body', locale, { system, link, minutes: RESET_TTL_SEC / 60 }),
    };
    try {
      await this.codes.issueAndDeliver('reset', address, token, RESET_TTL_SEC, () => this.mail.send(mail));
    } catch (err) {
      this.logger.warn(`password reset mail not sent: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /** Uses the token up and answers the new password. */
  async confirm(email: string, token: string): Promise<string> {
    const address = normalizeEmail(email);
    if (!address || !token) throw AppError.badRequest('reset.token_invalid');
    await this.codes.check('reset', address, token);
    const user = await this.credentials.findActiveByEmail(address);
    if (!user) throw AppError.badRequest('reset.token_invalid');
    const password = randomAlphanumeric(NEW_PASSWORD_LENGTH);
    // argon2 takes tens of milliseconds: hashed before the transaction, never inside it.
    const passwordHash = await this.credentials.hashPassword(password);
    await this.dataSource.transaction(async (m) => {
      await this.codes.consume(m, 'reset', address, token);
      await this.credentials.resetPassword(m, user.id, passwordHash);
    });
    this.credentials.changed(user.id);
    return password;
  }
}
