import { ApiClient } from '../support/api-client';
import { setupRoot } from '../support/fixtures';
import { startApp, type TestApp } from '../support/test-app';

const attempt = (t: TestApp, username: string, headers: Record<string, string> = {}) =>
  new ApiClient(t.url).post('/api/user/login', { username, password: 'wrong-password' }, headers);

describe('login throttling per IP (X-Forwarded-For ignored from untrusted peers)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ CRITICAL_RATE_LIMIT: '5', CRITICAL_RATE_LIMIT_DURATION: '60' });
    await setupRoot(t.url).catch(() => undefined);
  });
  afterAll(() => t.close());

  it('answers 429 once the per-IP budget is spent, whatever X-Forwarded-For says', async () => {
    const statuses: number[] = [];
    // setupRoot's login used one attempt of the budget.
    for (let i = 0; i < 6; i++)
      statuses.push((await attempt(t, `nobody${i}`, { 'x-forwarded-for': `10.0.0.${i}` })).status);
    expect(statuses.slice(0, 4)).toEqual([200, 200, 200, 200]);
    expect(statuses.slice(4)).toEqual([429, 429]);
    const res = await attempt(t, 'someone', { 'accept-language': 'en' });
    expect(res.body).toEqual({ success: false, data: null, message: 'Too many requests, please try again later' });
  });
});

describe('login throttling per account (behind a trusted proxy)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({
      CRITICAL_RATE_LIMIT: '5',
      CRITICAL_ACCOUNT_RATE_LIMIT: '3',
      CRITICAL_RATE_LIMIT_DURATION: '60',
      TRUSTED_PROXIES: '127.0.0.1',
    });
  });
  afterAll(() => t.close());

  it('limits one account per client IP, never across client IPs while the human check is off', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await attempt(t, 'victim', { 'x-forwarded-for': `203.0.113.${i}` })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200]);
    const oneIp: number[] = [];
    for (let i = 0; i < 4; i++) oneIp.push((await attempt(t, 'victim', { 'x-forwarded-for': '203.0.113.100' })).status);
    expect(oneIp).toEqual([200, 200, 200, 429]);
    // Another account from that IP is unaffected.
    expect((await attempt(t, 'other', { 'x-forwarded-for': '203.0.113.100' })).body.success).toBe(false);
  });
});
