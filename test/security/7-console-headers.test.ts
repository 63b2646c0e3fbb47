import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../support/api-client';
import { setOption, setupRoot } from '../support/fixtures';
import { startApp, type TestApp } from '../support/test-app';

/** A console build of two files, enough to be served like the real one. */
function fakeWebDist(): string {
  const root = mkdtempSync(join(tmpdir(), 'gw-web-'));
  const dist = join(root, 'frontend-shell', 'dist');
  mkdirSync(dist, { recursive: true });
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><script defer src="/main.0123abcd.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dist, 'main.0123abcd.js'), 'console.log(1)');
  return root;
}

/** The CSP as directive → sources. */
function csp(headers: Headers): Record<string, string[]> {
  const value = headers.get('content-security-policy') ?? '';
  return Object.fromEntries(
    value
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

const BASELINE = {
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};
const baseline = (h: Headers) => Object.fromEntries(Object.keys(BASELINE).map((k) => [k, h.get(k)]));

/**
 * Item 7: the console's answers carry a Content-Security-Policy limited to its own origin and the
 * remote entries of remotes.json, refuse to be framed, send no full referrer across origins and
 * are not content-sniffed. /api answers carry a data-only policy; relay answers carry nothing.
 */
describe('security 7: console headers', () => {
  let t: TestApp;
  let web: string;
  let root: ApiClient;
  const anonymous = () => new ApiClient(t.url);

  beforeAll(async () => {
    web = fakeWebDist();
    t = await startApp({ WEB_DIST_DIR: web });
    root = await setupRoot(t.url);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(web, { recursive: true, force: true });
  });

  it('the console page (/) refuses framing and sniffing and loads code from its own origin only', async () => {
    const res = await anonymous().get('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(baseline(res.headers)).toEqual(BASELINE);
    expect(csp(res.headers)).toMatchObject({
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src-elem': ["'self'"],
      'connect-src': ["'self'", 'https://api.github.com'],
      'frame-src': ["'none'"],
      'frame-ancestors': ["'none'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
    });
    expect(csp(res.headers)['script-src']).not.toContain("'unsafe-inline'");
    expect(csp(res.headers)['script-src']).not.toContain("'unsafe-eval'");
  });

  it('a console route served by the SPA fallback (/channel) and a console file carry the same headers', async () => {
    const page = await anonymous().get('/channel');
    const home = await anonymous().get('/');
    expect(page.status).toBe(200);
    expect(baseline(page.headers)).toEqual(BASELINE);
    expect(page.headers.get('content-security-policy')).toBe(home.headers.get('content-security-policy'));
    const file = await anonymous().get('/main.0123abcd.js');
    expect(file.status).toBe(200);
    expect(baseline(file.headers)).toEqual(BASELINE);
  });

  it('/api answers carry a policy that lets nothing load or frame them', async () => {
    for (const res of [
      await anonymous().get('/api/status'),
      await root.get('/api/user/self'),
      await anonymous().get('/api/nothing'),
    ]) {
      expect(baseline(res.headers)).toEqual(BASELINE);
      expect(csp(res.headers)).toEqual({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });
    }
  });

  it('relay answers are left alone (no extra work on the hot path)', async () => {
    const res = await anonymous().get('/v1/models');
    expect(res.status).toBe(401);
    expect(res.headers.get('content-security-policy')).toBeNull();
    expect(res.headers.get('x-frame-options')).toBeNull();
  });

  it('the chat page may frame the chat links the operator configured, and only those', async () => {
    await setOption(
      root,
      'Chats',
      JSON.stringify([
        { NextChat: 'https://app.nextchat.dev/#/?settings={"key":"{key}","url":"{address}"}' },
        { Desktop: 'ama://set-api-key?server={address}&key={key}' },
      ]),
    );
    const res = await anonymous().get('/chat/0');
    expect(csp(res.headers)['frame-src']).toEqual(['https://app.nextchat.dev']);
    expect(csp(res.headers)['frame-ancestors']).toEqual(["'none'"]);
  });

  it('the sign-in widgets switched on may load their scripts and frames, and only those', async () => {
    await setOption(root, 'TurnstileCheckEnabled', 'true');
    await setOption(root, 'TelegramOAuthEnabled', 'true');
    try {
      const policy = csp((await anonymous().get('/login')).headers);
      expect(policy['script-src']).toEqual(["'self'", 'https://challenges.cloudflare.com', 'https://telegram.org']);
      expect(policy['frame-src']).toEqual(expect.arrayContaining(['https://challenges.cloudflare.com', 'https://oauth.telegram.org']));
      expect(policy['style-src-elem']).toEqual(["'self'"]);
    } finally {
      await setOption(root, 'TurnstileCheckEnabled', 'false');
      await setOption(root, 'TelegramOAuthEnabled', 'false');
    }
    expect(csp((await anonymous().get('/login')).headers)['script-src']).toEqual(["'self'"]);
  });

  it('the policy lists the remotes.json origins when REMOTE_ADMIN_URL points to another origin', async () => {
    const other = await startApp({
      WEB_DIST_DIR: web,
      REMOTE_ADMIN_URL: 'https://admin-cdn.example.com/v3/remoteEntry.js',
    });
    try {
      const client = new ApiClient(other.url);
      expect((await client.get('/remotes.json')).body.admin).toBe('https://admin-cdn.example.com/v3/remoteEntry.js');
      const policy = csp((await client.get('/')).headers);
      for (const directive of ['script-src', 'style-src-elem', 'connect-src', 'font-src']) {
        expect([directive, policy[directive]]).toEqual([
          directive,
          expect.arrayContaining(["'self'", 'https://admin-cdn.example.com']),
        ]);
      }
      expect(policy['script-src']).toEqual(["'self'", 'https://admin-cdn.example.com']);
    } finally {
      await other.close();
    }
  });
});
