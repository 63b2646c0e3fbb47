import { ApiClient } from '../support/api-client';
import { createUser, login, setupRoot } from '../support/fixtures';
import { startApp, type TestApp } from '../support/test-app';

describe('sessions: role and status are read on every request', () => {
  let t: TestApp;
  let root: ApiClient;
  beforeAll(async () => {
    t = await startApp();
    root = await setupRoot(t.url);
  });
  afterAll(() => t.close());

  it('sets an HttpOnly, SameSite=Strict session cookie', async () => {
    const res = await new ApiClient(t.url).post('/api/user/login', { username: 'root', password: 'root-pass-1' });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('session='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it('a ban applies to the very next request and ends the sessions; the banned user cannot log in', async () => {
    const u = await createUser(root, 'banme');
    const token = (await u.client.get('/api/user/token')).body.data as string;
    const bare = new ApiClient(t.url);
    const ban = await root.post('/api/user/manage', { id: u.id, action: 'disable' });
    expect(ban.body).toEqual({ success: true, message: '', data: { role: 1, status: 2 } });
    expect((await u.client.get('/api/user/self')).status).toBe(401);
    const viaToken = await bare.get('/api/user/self', { authorization: token, 'new-api-user': String(u.id) });
    expect(viaToken.status).toBe(401);
    expect(viaToken.body.message).toBe('用户已被封禁');
    const relogin = await new ApiClient(t.url).post('/api/user/login', { username: 'banme', password: 'user-pass-1' });
    expect([relogin.status, relogin.body.success]).toEqual([200, false]);
    await root.post('/api/user/manage', { id: u.id, action: 'enable' });
    // The sessions ended with the ban; the access token works again, and so does a new sign-in.
    expect((await u.client.get('/api/user/self')).status).toBe(401);
    expect((await bare.get('/api/user/self', { authorization: token, 'new-api-user': String(u.id) })).status).toBe(200);
    await login(u.client, 'banme', 'user-pass-1');
    expect((await u.client.get('/api/user/self')).status).toBe(200);
  });

  it('a demotion applies to the very next request', async () => {
    const a = await createUser(root, 'demoteme', 'user-pass-1', 10);
    expect((await a.client.get('/api/user/?p=0')).status).toBe(200);
    await root.post('/api/user/manage', { id: a.id, action: 'demote' });
    expect((await a.client.get('/api/user/?p=0')).status).toBe(403);
  });

  it('a password change ends the other sessions but keeps this one', async () => {
    const u = await createUser(root, 'pwchange');
    const other = new ApiClient(t.url);
    await login(other, 'pwchange', 'user-pass-1');
    const wrong = await u.client.put('/api/user/self', { password: 'new-pass-12', original_password: 'nope' });
    expect(wrong.status).toBe(400);
    const res = await u.client.put('/api/user/self', { password: 'new-pass-12', original_password: 'user-pass-1' });
    expect(res.status).toBe(200);
    expect((await u.client.get('/api/user/self')).status).toBe(200);
    expect((await other.get('/api/user/self')).status).toBe(401);
    await login(new ApiClient(t.url), 'pwchange', 'new-pass-12');
  });

  it("an admin resetting a password also ends that user's sessions", async () => {
    const u = await createUser(root, 'adminreset');
    await root.put('/api/user/', { id: u.id, password: 'reset-pass-1' });
    expect((await u.client.get('/api/user/self')).status).toBe(401);
  });

  it('an access token works with New-Api-User and only with the matching id', async () => {
    const u = await createUser(root, 'tokenuser');
    const token = (await u.client.get('/api/user/token')).body.data as string;
    expect(token).toMatch(/^[A-Za-z0-9]{32}$/);
    const bare = new ApiClient(t.url);
    expect((await bare.get('/api/user/self', { authorization: token, 'new-api-user': String(u.id) })).status).toBe(200);
    expect(
      (await bare.get('/api/user/self', { authorization: `Bearer ${token}`, 'new-api-user': String(u.id) })).status,
    ).toBe(200);
    expect((await bare.get('/api/user/self', { authorization: token })).status).toBe(401);
    expect((await bare.get('/api/user/self', { authorization: token, 'new-api-user': '1' })).status).toBe(401);
    // Resetting issues a new token; the old one stops working.
    await u.client.get('/api/user/token');
    expect((await bare.get('/api/user/self', { authorization: token, 'new-api-user': String(u.id) })).status).toBe(401);
  });

  it('a session cookie needs a matching New-Api-User header', async () => {
    const u = await createUser(root, 'hdrmis');
    expect((await u.client.get('/api/user/self', { 'new-api-user': '1' })).status).toBe(401);
    expect((await u.client.get('/api/user/self', { 'new-api-user': '' })).status).toBe(401);
    expect((await u.client.get('/api/user/self', { 'new-api-user': String(u.id) })).status).toBe(200);
  });

  it('a forged or tampered cookie is refused', async () => {
    const forged = new ApiClient(t.url);
    expect((await forged.get('/api/user/self', { cookie: 'session=1.0.9999999999' })).status).toBe(401);
    expect((await forged.get('/api/user/self', { cookie: 'session=1.0.9999999999.AAAA' })).status).toBe(401);
  });

  it('logout clears the cookie (and ends the session on the server: test/security/2-sessions.test.ts)', async () => {
    const u = await createUser(root, 'logoutme');
    await u.client.get('/api/user/logout');
    expect(u.client.hasSession()).toBe(false);
    expect((await u.client.get('/api/user/self')).status).toBe(401);
  });
});
