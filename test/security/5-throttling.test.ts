import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TurnstileMock } from '../mock-upstream/turnstile-mock';
import { ApiClient, type ApiResponse } from '../support/api-client';
import { ROOT, createUser, setOption, setupRoot } from '../support/fixtures';
import { startApp, type TestApp } from '../support/test-app';

/**
 * Throttling that cannot be turned against users (docs/security/throttling.md). Distinct client IPs
 * are simulated with X-Forwarded-For from the test process, which TRUSTED_PROXIES names as a proxy.
 */
const BEHIND_PROXY = { TRUSTED_PROXIES: '127.0.0.1' };
const TOO_MANY = { success: false, data: null, message: '请求次数过多，请稍后再试' };

const from = (t: TestApp, ip: string): ApiClient => {
  const c = new ApiClient(t.url);
  c.headers['x-forwarded-for'] = ip;
  return c;
};
const login = (c: ApiClient, username: string, password = 'wrong-password', query = '') =>
  c.post(`/api/user/login${query}`, { username, password });
const statuses = async (n: number, send: (i: number) => Promise<ApiResponse>): Promise<number[]> => {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await send(i)).status);
  return out;
};
const times = (n: number, status: number) => Array.from({ length: n }, () => status);

describe('5. throttling that cannot be turned against users', () => {
  describe('sign-in with the default limits, behind a trusted proxy', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startApp({
        ...BEHIND_PROXY,
        CRITICAL_RATE_LIMIT: '20',
        CRITICAL_ACCOUNT_RATE_LIMIT: '10',
        CRITICAL_RATE_LIMIT_DURATION: '1200',
      });
      await setupRoot(t.url);
    });
    afterAll(() => t.close());

    it('21 wrong root passwords from one IP do not lock root out from another IP', async () => {
      const attacker = from(t, '198.51.100.7');
      const seen = await statuses(21, () => login(attacker, 'root'));
      expect(seen).toContain(429);
      const owner = await login(from(t, '203.0.113.9'), ROOT.username, ROOT.password);
      expect(owner.status).toBe(200);
      expect(owner.body.data.username).toBe('root');
    });

    it('the attacking IP itself is throttled, for every account and for root too, with Retry-After', async () => {
      const attacker = from(t, '198.51.100.8');
      // Per account and IP first (10 for root), then the whole IP: 20 attempts counted in all.
      expect(await statuses(11, () => login(attacker, 'root'))).toEqual([...times(10, 200), 429]);
      expect(await statuses(10, (i) => login(attacker, `someone${i}`))).toEqual([...times(9, 200), 429]);
      const refused = await login(attacker, 'another');
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual(TOO_MANY);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // From the attacking address root waits like anyone else: a correct password is not even
      // checked there, so the limit cannot become a guessing oracle.
      expect((await login(attacker, ROOT.username, ROOT.password)).status).toBe(429);
      // Registration from that address has its own per-IP budget and stays open.
      expect((await attacker.post('/api/user/register', { username: 'x' })).status).not.toBe(429);
    });
  });

  describe('sign-in limits per account and IP, per IP, and per account behind the human check', () => {
    let t: TestApp;
    let root: ApiClient;
    const turnstile = new TurnstileMock('throttle-secret');
    beforeAll(async () => {
      await turnstile.start();
      t = await startApp({
        ...BEHIND_PROXY,
        TURNSTILE_VERIFY_URL: turnstile.verifyUrl,
        CRITICAL_RATE_LIMIT: '6',
        CRITICAL_ACCOUNT_RATE_LIMIT: '3',
        CRITICAL_RATE_LIMIT_DURATION: '600',
      });
      root = await setupRoot(t.url);
      await createUser(root, 'victim', 'victim-pass-1');
      await setOption(root, 'TurnstileSecretKey', turnstile.secret);
    });
    afterAll(async () => {
      await t.close();
      await turnstile.close();
    });

    it('limits one account from one IP before the IP as a whole', async () => {
      const ip = from(t, '192.0.2.10');
      expect(await statuses(4, () => login(ip, 'victim'))).toEqual([200, 200, 200, 429]);
      // The same address may still try another account, and the account stays open elsewhere.
      expect((await login(ip, 'someone-else')).body).toMatchObject({ success: false });
      expect((await login(from(t, '192.0.2.11'), 'victim')).body).toMatchObject({ success: false });
      // Until the address's own budget (6) is spent: 5 attempts counted so far, one more, then refused.
      expect(await statuses(2, (i) => login(ip, `other${i}`))).toEqual([200, 429]);
    });

    it('backs off one account across IPs only while the human check is on, and lets a request that passed it through', async () => {
      // Check off: an attacker rotating addresses never locks the owner out.
      expect(await statuses(8, (i) => login(from(t, `198.51.100.${20 + i}`), 'victim'))).toEqual(times(8, 200));
      expect((await login(from(t, '198.51.100.99'), 'victim', 'victim-pass-1')).status).toBe(200);

      await setOption(root, 'TurnstileCheckEnabled', 'true');
      // Check on: 3 attempts that did not pass it from anywhere (refused for that), then the account
      // backs off: counted before Turnstile is asked...
      expect(await statuses(4, (i) => login(from(t, `198.51.100.${40 + i}`), 'victim'))).toEqual([400, 400, 400, 429]);
      const backedOff = await login(from(t, '198.51.100.60'), 'victim', 'victim-pass-1');
      expect(backedOff.status).toBe(429);
      expect(Number(backedOff.headers.get('retry-after'))).toBeGreaterThan(0);
      // ...except for a request that passed the human check: the owner gets in.
      const human = await login(from(t, '198.51.100.61'), 'victim', 'victim-pass-1', `?turnstile=${turnstile.issue()}`);
      expect(human.status).toBe(200);
      // A token Turnstile refuses is no way around the back-off.
      expect((await login(from(t, '198.51.100.62'), 'victim', 'victim-pass-1', '?turnstile=forged')).status).toBe(429);
      await setOption(root, 'TurnstileCheckEnabled', 'false');
    });
  });

  describe('GLOBAL_API_RATE_LIMIT per client IP', () => {
    let t: TestApp;
    afterEach(() => t.close());

    it('answers 429 in the envelope with Retry-After once an IP spent its /api budget; another IP is unaffected', async () => {
      t = await startApp({ ...BEHIND_PROXY, GLOBAL_API_RATE_LIMIT: '5', GLOBAL_API_RATE_LIMIT_DURATION: '180' });
      const a = from(t, '203.0.113.50');
      expect(await statuses(6, () => a.get('/api/status'))).toEqual([...times(5, 200), 429]);
      const refused = await a.get('/api/status', { 'accept-language': 'en' });
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ success: false, data: null, message: 'Too many requests, please try again later' });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await from(t, '203.0.113.51').get('/api/status')).status).toBe(200);
    });

    it('ignores X-Forwarded-For when the peer is not a trusted proxy', async () => {
      t = await startApp({ TRUSTED_PROXIES: '10.255.255.1', GLOBAL_API_RATE_LIMIT: '5' });
      // Every request claims another address; all of them are the test process's own address.
      expect(await statuses(6, (i) => from(t, `203.0.113.${60 + i}`).get('/api/status'))).toEqual([
        ...times(5, 200),
        429,
      ]);
    });
  });

  describe('GLOBAL_WEB_RATE_LIMIT on the console', () => {
    let t: TestApp;
    let web: string;
    beforeAll(async () => {
      web = mkdtempSync(join(tmpdir(), 'gw-web-'));
      const dist = join(web, 'frontend-shell', 'dist');
      mkdirSync(dist, { recursive: true });
      writeFileSync(join(dist, 'index.html'), '<!doctype html><title>console</title>');
      writeFileSync(join(dist, 'main.0123abcd.js'), 'console.log(1)');
      writeFileSync(join(dist, 'remoteEntry.js'), 'console.log(2)');
      t = await startApp({ WEB_DIST_DIR: web, GLOBAL_WEB_RATE_LIMIT: '3', GLOBAL_API_RATE_LIMIT: '3' });
    });
    afterAll(async () => {
      await t.close();
      rmSync(web, { recursive: true, force: true });
    });

    it('counts console page loads, not their assets, and limits the relay by neither budget', async () => {
      const c = new ApiClient(t.url);
      // A page load fetches many script chunks: they are not counted.
      expect(await statuses(10, () => c.get('/main.0123abcd.js'))).toEqual(times(10, 200));
      expect(await statuses(10, () => c.get('/remoteEntry.js'))).toEqual(times(10, 200));
      const pages = ['/', '/console/token', '/login', '/index.html'];
      expect(await statuses(4, (i) => c.get(pages[i]))).toEqual([200, 200, 200, 429]);
      const refused = await c.get('/login');
      expect(refused.body).toEqual(TOO_MANY);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // The /api budget (3) is spent as well.
      expect(await statuses(4, () => c.get('/api/status'))).toEqual([200, 200, 200, 429]);
      // The relay has its own per-token limits: from this very address it is still answered.
      const key = { authorization: 'Bearer sk-not-a-real-key' };
      expect(await statuses(10, () => c.post('/v1/chat/completions', { model: 'm', messages: [] }, key))).toEqual(
        times(10, 401),
      );
      expect(await statuses(5, () => c.get('/v1/models', key))).toEqual(times(5, 401));
    });
  });
});
