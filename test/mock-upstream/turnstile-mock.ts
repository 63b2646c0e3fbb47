import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpMock, type MockRequest } from './http-mock';

/** One siteverify call as the stand-in saw it. */
export interface TurnstileCheck {
  secret: string;
  response: string;
  remoteip: string;
  success: boolean;
  errorCodes: string[];
}

/**
 * Cloudflare Turnstile's siteverify stand-in (POST /turnstile/v0/siteverify, form-encoded `secret`,
 * `response`, `remoteip`; answers `{success, "error-codes", challenge_ts, hostname}` as Turnstile
 * does). Tokens come from `issue()` (what the widget would give a browser) and are single-use; a
 * wrong secret, an unknown or a spent token fails with Turnstile's error codes. `down` makes it
 * answer 500, as an outage would.
 */
export class TurnstileMock extends HttpMock {
  readonly checks: TurnstileCheck[] = [];
  down = false;
  private readonly live = new Set<string>();
  private readonly spent = new Set<string>();

  constructor(readonly secret: string) {
    super();
  }

  get verifyUrl(): string {
    return `${this.url}/turnstile/v0/siteverify`;
  }

  /** A fresh token, as the widget hands one to a browser that passed. */
  issue(): string {
    const token = `0.${randomBytes(24).toString('base64url')}`;
    this.live.add(token);
    return token;
  }

  protected answer(_req: IncomingMessage, res: ServerResponse, r: MockRequest): void {
    if (this.down) {
      res.writeHead(500, { 'content-type': 'text/html' }).end('<h1>500 Internal Server Error</h1>');
      return;
    }
    if (r.method !== 'POST' || !r.path.startsWith('/turnstile/v0/siteverify')) {
      res.writeHead(404).end();
      return;
    }
    const form = (r.body ?? {}) as Record<string, string>;
    const isForm = /x-www-form-urlencoded/.test(r.headers['content-type'] ?? '');
    const errors: string[] = [];
    if (!isForm) errors.push('bad-request');
    if (!form.secret) errors.push('missing-input-secret');
    else if (form.secret !== this.secret) errors.push('invalid-input-secret');
    if (!form.response) errors.push('missing-input-response');
    else if (this.spent.has(form.response)) errors.push('timeout-or-duplicate');
    else if (!this.live.has(form.response)) errors.push('invalid-input-response');
    const success = errors.length === 0;
    if (form.response && this.live.delete(form.response)) this.spent.add(form.response);
    this.checks.push({ secret: form.secret ?? '', response: form.response ?? '', remoteip: form.remoteip ?? '', success, errorCodes: errors });
    const body = success
      ? { success, 'error-codes': [], challenge_ts: new Date().toISOString(), hostname: 'gateway.test', action: '', cdata: '' }
      : { success, 'error-codes': errors };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }
}
