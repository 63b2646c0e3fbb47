import { TurnstileMock } from '../mock-upstream/turnstile-mock';
import { ApiClient } from '../support/api-client';
import { ROOT, createUser, setOption, setupRoot } from '../support/fixtures';
import { MailInbox } from '../support/mail-inbox';
import { startApp, type TestApp } from '../support/test-app';

/**
 * The human check (docs/identity/human-check.md): with TurnstileCheckEnabled, sign-in, sign-up,
 * e-mail codes and reset requests pass only with a token that Turnstile's siteverify (a stand-in
 * speaking its protocol over HTTP) accepts for TurnstileSecretKey and the client's IP; failures and
 * outages refuse (fail closed); each request is verified once.
 */
const SECRET = 'ts-secret-1';
const CLIENT_IP = '198.51.100.23';
const EN = { 'accept-language': 'en', 'x-forwarded-for': CLIENT_IP };
const REQUIRED = { success: false, data: null, message: 'Please retry in a few seconds, Turnstile is checking the browser' };
const FAILED = { success: false, data: null, message: 'The human check failed, please reload the page and try again' };

describe('human check (Turnstile)', () => {
  let t: TestApp;
  let root: ApiClient;
  let turnstile: TurnstileMock;
  let inbox: MailInbox;
  let user: { username: string; password: string; id: number };

  beforeAll(async () => {
    turnstile = new TurnstileMock(SECRET);
    await turnstile.start();
    inbox = await MailInbox.start();
    t = await startApp({ TURNSTILE_VERIFY_URL: turnstile.verifyUrl, TRUSTED_PROXIES: '127.0.0.1' });
    root = await setupRoot(t.url);
    await inbox.configure((k, v) => setOption(root, k, v));
    user = await createUser(root, 'human', 'human-pass-1');
    await setOption(root, 'TurnstileSecretKey', SECRET);
    await setOption(root, 'TurnstileCheckEnabled', 'true');
  });
  afterAll(async () => {
    await t.close();
    await turnstile.close();
    await inbox.close();
  });

  /** Each guarded call, with `turnstile` as its query token (undefined: none sent). */
  const CALLS: Record<string, (token: string | undefined) => Promise<{ status: number; body: any }>> = {
    login: (token) => new ApiClient(t.url).post(`/api/user/login${q(token)}`, { username: user.username, password: user.password }, EN),
    register: (token) =>
      new ApiClient(t.url).post(`/api/user/register${q(token)}`, { username: `hc${Math.random().toString(36).slice(2, 8)}`, password: 'new-pass-1', password2: 'new-pass-1' }, EN),
    verification: (token) => new ApiClient(t.url).get(`/api/verification${q(token, `email=hc${Math.random().toString(36).slice(2, 8)}@example.org`)}`, EN),
    reset_password: (token) => new ApiClient(t.url).get(`/api/reset_password${q(token, 'email=human@example.org')}`, EN),
  };
  function q(token: string | undefined, rest = ''): string {
    const parts = [rest, token === undefined ? '' : `turnstile=${encodeURIComponent(token)}`].filter(Boolean);
    return parts.length ? `?${parts.join('&')}` : '';
  }

  describe.each(Object.keys(CALLS))('%s', (name) => {
    const call = (token: string | undefined) => CALLS[name](token);

    it('is refused without a token, or with an empty one', async () => {
      expect((await call(undefined)).body).toEqual(REQUIRED);
      expect((await call('')).body).toEqual(REQUIRED);
    });

    it('is refused with a token Turnstile does not accept', async () => {
      const res = await call('made-up-token');
      expect(res.status).toBe(400);
      expect(res.body).toEqual(FAILED);
      expect(turnstile.checks.at(-1)).toMatchObject({ response: 'made-up-token', success: false, errorCodes: ['invalid-input-response'] });
    });

    it('passes with a fresh token (verified once, with the secret and the client IP), and never twice with it', async () => {
      const token = turnstile.issue();
      const before = turnstile.checks.length;
      const res = await call(token);
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      expect(turnstile.checks.slice(before)).toEqual([
        { secret: SECRET, response: token, remoteip: CLIENT_IP, success: true, errorCodes: [] },
      ]);
      expect((await call(token)).body).toEqual(FAILED);
      expect(turnstile.checks.at(-1)).toMatchObject({ response: token, errorCodes: ['timeout-or-duplicate'] });
    });
  });

  it('fails closed: a wrong secret or an unreachable Turnstile refuses', async () => {
    await setOption(root, 'TurnstileSecretKey', 'not-the-secret');
    try {
      expect((await CALLS.login(turnstile.issue())).body).toEqual(FAILED);
      expect(turnstile.checks.at(-1)!.errorCodes).toContain('invalid-input-secret');
    } finally {
      await setOption(root, 'TurnstileSecretKey', SECRET);
    }
    turnstile.down = true;
    try {
      expect((await CALLS.login(turnstile.issue())).body).toEqual(FAILED);
    } finally {
      turnstile.down = false;
    }
    expect((await CALLS.login(turnstile.issue())).status).toBe(200);
  });

  it('with the check off, no token is needed and Turnstile is not asked', async () => {
    await setOption(root, 'TurnstileCheckEnabled', 'false');
    try {
      const before = turnstile.checks.length;
      const res = await new ApiClient(t.url).post('/api/user/login', ROOT);
      expect(res.status).toBe(200);
      expect(turnstile.checks.length).toBe(before);
    } finally {
      await setOption(root, 'TurnstileCheckEnabled', 'true');
    }
  });
});
