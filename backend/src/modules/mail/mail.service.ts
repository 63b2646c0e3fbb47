import { Injectable } from '@nestjs/common';
import { createTransport } from 'nodemailer';
import { OptionService } from '../option/option.service';

/** One e-mail; at least one of `text` and `html`. */
export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text?: string;
  readonly html?: string;
}

/** Line breaks would let a value start a new header: stripped from every header value. */
const oneLine = (v: string) => v.replace(/[\r\n]+/g, ' ').trim();

/**
 * Sends mail through the SMTP server of the options SMTPServer, SMTPPort, SMTPAccount, SMTPToken,
 * SMTPFrom and SMTPSSLEnabled (docs/notifications.md). The options are read at each send, so a change
 * in the settings applies to the next mail. The SMTP server is set by an administrator and may be
 * local: it is not subject to the outbound rule for user-controlled URLs.
 */
@Injectable()
export class MailService {
  constructor(private readonly options: OptionService) {}

  /** Whether an SMTP server is set (without one, send rejects). */
  get configured(): boolean {
    return Boolean(this.options.settings.SMTPServer);
  }

  /** Rejects when the server refuses the mail or cannot be reached (10 s per step). */
  async send(message: MailMessage): Promise<void> {
    const s = this.options.settings;
    if (!s.SMTPServer) throw new Error('SMTP server is not configured');
    const account = String(s.SMTPAccount ?? '');
    const transport = createTransport({
      host: String(s.SMTPServer),
      port: Number(s.SMTPPort),
      // SMTPSSLEnabled: TLS from the first byte (port 465); otherwise STARTTLS when the server offers it.
      secure: Boolean(s.SMTPSSLEnabled),
      auth: account ? { user: account, pass: String(s.SMTPToken ?? '') } : undefined,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 10_000,
    });
    try {
      await transport.sendMail({
        from: oneLine(String(s.SMTPFrom || account)),
        to: oneLine(message.to),
        subject: oneLine(message.subject),
        text: message.text,
        html: message.html,
      });
    } finally {
      transport.close();
    }
  }
}
