import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A received mail: who it went to (lower case), its subject and text. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  parsed: ParsedMail;
}

const DEFAULT_AUTH = { user: 'gateway@mail.test', pass: 'smtp-pass-1' };

/**
 * An in-process SMTP server for tests (smtp-server + mailparser): accepts mail from the gateway
 * with the account it was given, keeps every message, and hands them out by recipient. Free of
 * any test framework, so API and browser tests share it.
 */
export class MailInbox {
  readonly mails: ReceivedMail[] = [];
  private readonly taken = new Set<ReceivedMail>();
  private readonly waiters = new Set<() => void>();

  private server!: SMTPServer;

  private constructor(readonly auth: { user: string; pass: string }) {}

  /** Starts a server on a random loopback port. */
  static async start(auth = DEFAULT_AUTH): Promise<MailInbox> {
    const inbox = new MailInbox(auth);
    inbox.server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      onAuth(a, _session, cb) {
        if (a.username === auth.user && a.password === auth.pass) cb(null, { user: a.username });
        else cb(new Error('bad credentials'));
      },
      onData(stream, session, cb) {
        simpleParser(stream).then((m) => {
          inbox.receive(
            m,
            session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          );
          cb();
        }, cb);
      },
    });
    await new Promise<void>((r) => inbox.server.listen(0, '127.0.0.1', r));
    return inbox;
  }

  get port(): number {
    return (this.server.server.address() as AddressInfo).port;
  }

  /** The SMTP options that point a gateway at this inbox. */
  smtpOptions(): Record<string, string> {
    return {
      SMTPServer: '127.0.0.1',
      SMTPPort: String(this.port),
      SMTPAccount: this.auth.user,
      SMTPToken: this.auth.pass,
      SMTPFrom: this.auth.user,
      SMTPSSLEnabled: 'false',
    };
  }

  /** Sets the SMTP options through `setOption` (e.g. a root client's PUT /api/option). */
  async configure(setOption: (key: string, value: string) => Promise<unknown>): Promise<void> {
    for (const [key, value] of Object.entries(this.smtpOptions())) await setOption(key, value);
  }

  /** Every mail received for `address` so far. */
  mailsTo(address: string): ReceivedMail[] {
    const to = address.toLowerCase();
    return this.mails.filter((m) => m.to.includes(to));
  }

  /**
   * The next mail to `address` (matching `predicate`) not handed out before, waiting up to
   * `timeoutMs` for it to arrive.
   */
  async waitForMail(
    address: string,
    predicate: (m: ReceivedMail) => boolean = () => true,
    timeoutMs = 30_000,
  ): Promise<ReceivedMail> {
    const find = () => this.mailsTo(address).find((m) => !this.taken.has(m) && predicate(m));
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const hit = find();
      if (hit) {
        this.taken.add(hit);
        return hit;
      }
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `no mail to ${address} within ${timeoutMs} ms (received: ${this.mails.map((m) => m.to.join(',')).join('; ') || 'none'})`,
        );
      await this.nextMail(Math.min(left, 1000));
    }
  }

  /** Resolves when a mail arrives, or after `ms`. */
  private nextMail(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiters.add(done);
    });
  }

  async close(): Promise<void> {
    await new Promise<void>((r) => this.server.close(() => r()));
  }

  private receive(parsed: ParsedMail, to: string[]): void {
    this.mails.push({
      to,
      subject: parsed.subject ?? '',
      text: parsed.text ?? '',
      html: typeof parsed.html === 'string' ? parsed.html : '',
      parsed,
    });
    for (const wake of [...this.waiters]) wake();
  }
}

/** The six-digit code in a verification mail. */
export function codeIn(mail: ReceivedMail): string {
  const m = /\b(\d{6})\b/.exec(mail.text);
  if (!m) throw new Error(`no code in: ${mail.text}`);
  return m[1];
}

/** The reset link in a password-reset mail, with its parts. */
export function resetLinkIn(mail: ReceivedMail): { link: string; email: string; token: string } {
  const m = /(https?:\/\/[^\s/]+(?:\/[^\s]*)?\/user\/reset\?email=([^&\s]+)&token=([A-Za-z0-9_-]+))/.exec(mail.text);
  if (!m) throw new Error(`no reset link in: ${mail.text}`);
  return { link: m[1], email: decodeURIComponent(m[2]), token: m[3] };
}
