import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpMock, type MockRequest } from './http-mock';

/** A person the stand-in signs in (GitHub or LinuxDO shape). */
export interface OAuthPerson {
  id: number;
  login: string;
  name?: string;
  email?: string;
  /** LinuxDO only. */
  trust_level?: number;
}

interface IssuedCode {
  person: OAuthPerson;
  clientId: string;
  redirectUri: string;
}

type Dialect = 'github' | 'linuxdo';

const PATHS: Record<Dialect, { authorize: string; token: string; user: string }> = {
  github: { authorize: '/login/oauth/authorize', token: '/login/oauth/access_token', user: '/user' },
  linuxdo: { authorize: '/oauth2/authorize', token: '/oauth2/token', user: '/api/user' },
};

/**
 * An OAuth 2 provider stand-in speaking GitHub's or LinuxDO Connect's wire format over HTTP:
 * - authorize: no login page, the browser is sent straight back to `redirect_uri` with a one-time code
 *   and the `state` (as for a user already signed in who approved the app before); `person` says who;
 * - token: form-encoded POST, checks client id and secret (GitHub: in the body; LinuxDO: HTTP Basic),
 *   codes are single-use and bound to the redirect_uri; GitHub answers form-encoded, with errors as
 *   200 `error=bad_verification_code` as GitHub does; LinuxDO answers JSON;
 * - user: `GET /user` (+ `/user/emails`) for GitHub, `GET /api/user` with trust_level for LinuxDO,
 *   with the bearer token.
 * Base URL for the gateway: GITHUB_OAUTH_URL and GITHUB_API_URL, or LINUXDO_OAUTH_URL = this.url.
 */
export class OAuthProviderMock extends HttpMock {
  /** Who the next authorize request signs in. */
  person: OAuthPerson;
  private readonly codes = new Map<string, IssuedCode>();
  private readonly tokens = new Map<string, OAuthPerson>();

  constructor(
    readonly dialect: Dialect,
    readonly clientId: string,
    readonly clientSecret: string,
    person: OAuthPerson,
  ) {
    super();
    this.person = person;
  }

  /** A code as authorize would issue it (for tests that skip the browser leg). */
  issueCode(person: OAuthPerson, redirectUri: string): string {
    const code = randomBytes(10).toString('hex');
    this.codes.set(code, { person, clientId: this.clientId, redirectUri });
    return code;
  }

  protected answer(_req: IncomingMessage, res: ServerResponse, r: MockRequest): void {
    const url = new URL(r.path, 'http://mock');
    const paths = PATHS[this.dialect];
    if (r.method === 'GET' && url.pathname === paths.authorize) return this.authorize(res, url.searchParams);
    if (r.method === 'POST' && url.pathname === paths.token) return this.token(res, r);
    if (r.method === 'GET' && url.pathname === paths.user) return this.user(res, r, false);
    if (this.dialect === 'github' && r.method === 'GET' && url.pathname === '/user/emails')
      return this.user(res, r, true);
    res.writeHead(404).end('not found');
  }

  private authorize(res: ServerResponse, q: URLSearchParams): void {
    const redirectUri = q.get('redirect_uri') ?? '';
    if (q.get('client_id') !== this.clientId || !redirectUri) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('unknown client or missing redirect_uri');
      return;
    }
    const back = new URL(redirectUri);
    back.searchParams.set('code', this.issueCode(this.person, redirectUri));
    if (q.get('state')) back.searchParams.set('state', q.get('state')!);
    res.writeHead(302, { location: back.toString() }).end();
  }

  private token(res: ServerResponse, r: MockRequest): void {
    const form = (r.body ?? {}) as Record<string, string>;
    let clientId = form.client_id;
    let secret = form.client_secret;
    if (this.dialect === 'linuxdo') {
      const basic = /^Basic (.+)$/.exec(String(r.headers.authorization ?? ''));
      [clientId, secret] = basic ? Buffer.from(basic[1], 'base64').toString().split(':') : ['', ''];
    }
    const issued = this.codes.get(form.code ?? '');
    this.codes.delete(form.code ?? '');
    let error = '';
    if (clientId !== this.clientId || secret !== this.clientSecret) error = 'incorrect_client_credentials';
    else if (!issued || issued.clientId !== clientId) error = 'bad_verification_code';
    else if (form.redirect_uri && form.redirect_uri !== issued.redirectUri) error = 'redirect_uri_mismatch';
    if (this.dialect === 'github') {
      const body = error
        ? new URLSearchParams({ error, error_description: error.replace(/_/g, ' ') })
        : new URLSearchParams({
            access_token: this.newToken(issued!.person),
            scope: 'user:email',
            token_type: 'bearer',
          });
      res.writeHead(200, { 'content-type': 'application/x-www-form-urlencoded' }).end(body.toString());
      return;
    }
    if (error) {
      res
        .writeHead(400, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: 'invalid_grant', error_description: error }));
      return;
    }
    const access = this.newToken(issued!.person);
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ access_token: access, token_type: 'bearer', expires_in: 3600 }));
  }

  private user(res: ServerResponse, r: MockRequest, emails: boolean): void {
    const token = /^(?:Bearer|token) (.+)$/i.exec(String(r.headers.authorization ?? ''))?.[1];
    const person = token ? this.tokens.get(token) : undefined;
    if (!person) {
      res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Bad credentials' }));
      return;
    }
    let body: unknown;
    // Every GitHub account has a primary address (the noreply one when it keeps its own private).
    const email = person.email ?? `${person.id}+${person.login}@users.noreply.github.com`;
    if (emails) body = [{ email, primary: true, verified: true, visibility: person.email ? 'public' : null }];
    else if (this.dialect === 'github')
      body = { id: person.id, login: person.login, name: person.name ?? null, email: null };
    else
      body = {
        id: person.id,
        username: person.login,
        name: person.name ?? '',
        active: true,
        trust_level: person.trust_level ?? 0,
        silenced: false,
      };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }

  private newToken(person: OAuthPerson): string {
    const token = randomBytes(16).toString('hex');
    this.tokens.set(token, person);
    return token;
  }
}

/**
 * The WeChat QR login server stand-in: `GET /api/wechat/user?code=` with `Authorization: <token>`
 * answers `{success, message, data: <wechat id>}`; a code works once.
 */
export class WeChatServerMock extends HttpMock {
  private readonly codes = new Map<string, string>();

  constructor(readonly token: string) {
    super();
  }

  /** A code as the official account would show it to `wechatId`. */
  issueCode(wechatId: string): string {
    const code = String(100000 + (randomBytes(3).readUIntBE(0, 3) % 900000));
    this.codes.set(code, wechatId);
    return code;
  }

  protected answer(_req: IncomingMessage, res: ServerResponse, r: MockRequest): void {
    const url = new URL(r.path, 'http://mock');
    if (r.method !== 'GET' || url.pathname !== '/api/wechat/user') {
      res.writeHead(404).end('not found');
      return;
    }
    const send = (body: unknown): void => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (r.headers.authorization !== this.token) return send({ success: false, message: '无权进行此操作，token 无效' });
    const code = url.searchParams.get('code') ?? '';
    const id = this.codes.get(code);
    this.codes.delete(code);
    if (!id) return send({ success: false, message: '验证码错误或已过期' });
    send({ success: true, message: '', data: id });
  }
}
