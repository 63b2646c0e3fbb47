import { ApiClient, type ApiResponse } from '../support/api-client';
import { createUser, ROOT, setupRoot } from '../support/fixtures';
import { startApp, type TestApp } from '../support/test-app';

/**
 * Every /api failure is `{success:false, message, data:null}` whatever produced it (docs/console-api.md
 * "Envelope"), and a wrong password is a 200 refusal, not a 401 (which reads as an expired session).
 */
describe('failure envelope', () => {
  let t: TestApp;
  let root: ApiClient;
  const from = (ip: string) => {
    const c = new ApiClient(t.url);
    return {
      get: (path: string) => c.get(path, { 'x-forwarded-for': ip, 'accept-language': 'en' }),
      post: (path: string, body: unknown) => c.post(path, body, { 'x-forwarded-for': ip, 'accept-language': 'en' }),
    };
  };
  const failure = (res: Pick<ApiResponse, 'status' | 'body'>, status: number) => {
    expect(res.status).toBe(status);
    expect(Object.keys(res.body as object).sort()).toEqual(['data', 'message', 'success']);
    expect(res.body).toMatchObject({ success: false, data: null, message: expect.any(String) });
    expect((res.body as { message: string }).message).not.toBe('');
  };

  beforeAll(async () => {
    t = await startApp({
      MAX_REQUEST_BODY_MB: '1',
      TRUSTED_PROXIES: '127.0.0.1',
      CRITICAL_RATE_LIMIT: '3',
      GLOBAL_API_RATE_LIMIT: '40',
    });
    root = await setupRoot(t.url);
  });
  afterAll(() => t.close());

  it('carries data: null on every kind of failure', async () => {
    const user = await createUser(root, 'plain');
    failure(await root.raw('PUT', '/api/option/', '{"key": "Notice", "value": '), 400); // malformed JSON
    failure(await root.put('/api/option/', { key: 'Notice', value: { nested: true } }), 400); // zod
    failure(await root.post('/api/user/manage', { id: 999999, action: 'disable' }), 404); // domain error
    failure(await new ApiClient(t.url).get('/api/user/self'), 401); // not signed in
    failure(await user.client.get('/api/channel/'), 403); // role too low
    failure(await new ApiClient(t.url).get('/api/nothing-here'), 404); // unknown route
    failure(await root.upload('PUT', '/api/option/', JSON.stringify({ key: 'Notice', value: 'x'.repeat(2 * 1024 * 1024) })), 413);
  });

  it('carries data: null on both throttles (sign-in 429, per-IP /api budget 429)', async () => {
    const signIn = from('198.51.100.1');
    let last: ApiResponse | undefined;
    for (let i = 0; i < 4; i++) last = await signIn.post('/api/user/login', { username: `nobody${i}`, password: 'wrong-pass-1' });
    failure(last!, 429);
    const budget = from('198.51.100.2');
    for (let i = 0; i < 40; i++) expect((await budget.get('/api/status')).status).toBe(200);
    failure(await budget.get('/api/status'), 429);
  });

  it('a wrong password answers 200 with success:false and the message; the right one still signs in', async () => {
    const c = from('198.51.100.3');
    const wrong = await c.post('/api/user/login', { username: ROOT.username, password: 'not-the-password' });
    expect(wrong.status).toBe(200);
    expect(wrong.body).toEqual({ success: false, data: null, message: 'Wrong username or password, or the user is banned' });
    const unknown = await c.post('/api/user/login', { username: 'no-such-user', password: 'not-the-password' });
    expect([unknown.status, unknown.body]).toEqual([200, wrong.body]);
    const right = await c.post('/api/user/login', ROOT);
    expect(right.body).toMatchObject({ success: true, data: { username: 'root' } });
  });
});
