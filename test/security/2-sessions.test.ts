/**
 * Issue #11 item 2: sessions and tokens end when they should (docs/security/sessions.md).
 * Sessions live on the server: a cookie replayed after logout, a password change, a reset or a ban is
 * refused. Session calls carry New-Api-User, so a cross-origin GET that only brings the cookie (an
 * `<img src=/api/user/token>`) changes nothing.
 */
import { ApiClient } from '../support/api-client';
import { createUser, login, setupRoot } from '../support/fixtures';
import { Db } from '../support/relay-fixtures';
import { startApp, type TestApp } from '../support/test-app';

describe('security 2: sessions and tokens end when they should', () => {
  let t: TestApp;
  let root: ApiClient;
  let db: Db;
  beforeAll(async () => {
    t = await startApp();
    db = Db.open(t);
    root = await setupRoot(t.url);
  }, 60_000);
  afterAll(async () => {
    db?.close();
    await t?.close();
  });

  /** A raw call that sends exactly `headers` (no cookie jar, no New-Api-User unless given). */
  const raw = (path: string, headers: Record<string, string>) => fetch(t.url + path, { headers });
  const self = (headers: Record<string, string>) => raw('/api/user/self', headers);
  const withToken = (token: string, id: number) => self({ authorization: token, 'new-api-user': String(id) });

  it.each(['GET', 'POST'])(
    'logout (%s) invalidates the session on the server: the replayed cookie is refused',
    async (method) => {
      const u = await createUser(root, `bye_${method.toLowerCase()}`);
      const replay = u.client.sessionHeaders();
      expect((await self(replay)).status).toBe(200);

      const out = await u.client.request(method, '/api/user/logout');
      expect(out.status).toBe(200);
      expect(u.client.hasSession()).toBe(false);

      const again = await self(replay);
      expect(again.status).toBe(401);
      expect((await again.json()).message).toBe('未登录或登录已过期，请重新登录');
    },
  );

  it('a password change revokes the access token and ends the other sessions, but keeps the current one', async () => {
    const u = await createUser(root, 'pw_self');
    const other = new ApiClient(t.url);
    await login(other, 'pw_self', 'user-pass-1');
    const token = (await u.client.get('/api/user/token')).body.data as string;
    expect((await withToken(token, u.id)).status).toBe(200);

    const res = await u.client.put('/api/user/self', { password: 'new-pass-12', original_password: 'user-pass-1' });
    expect(res.status).toBe(200);

    expect((await u.client.get('/api/user/self')).status).toBe(200);
    expect((await other.get('/api/user/self')).status).toBe(401);
    const revoked = await withToken(token, u.id);
    expect(revoked.status).toBe(401);
    expect((await revoked.json()).message).toBe('无权进行此操作，access token 无效');
    // A new token can be generated, and it works.
    const fresh = (await u.client.get('/api/user/token')).body.data as string;
    expect((await withToken(fresh, u.id)).status).toBe(200);
  });

  it("an admin password reset revokes the user's access token and ends all of their sessions", async () => {
    const u = await createUser(root, 'pw_reset');
    const other = new ApiClient(t.url);
    await login(other, 'pw_reset', 'user-pass-1');
    const token = (await u.client.get('/api/user/token')).body.data as string;
    expect((await withToken(token, u.id)).status).toBe(200);

    expect((await root.put('/api/user/', { id: u.id, password: 'reset-pass-1' })).status).toBe(200);

    expect((await u.client.get('/api/user/self')).status).toBe(401);
    expect((await other.get('/api/user/self')).status).toBe(401);
    expect((await withToken(token, u.id)).status).toBe(401);
    await login(new ApiClient(t.url), 'pw_reset', 'reset-pass-1');
  });

  it('a session call without New-Api-User (a cross-origin <img> of GET /api/user/token) is refused and resets nothing', async () => {
    const u = await createUser(root, 'img_victim');
    const token = (await u.client.get('/api/user/token')).body.data as string;

    // What the browser sends for <img src="https://gateway/api/user/token">: the cookie, nothing else.
    const img = await raw('/api/user/token', { cookie: u.client.cookieHeader() });
    expect(img.status).toBe(401);
    expect((await img.json()).message).toBe('无权进行此操作，未提供 New-Api-User');
    expect((await withToken(token, u.id)).status).toBe(200);

    // Every session route needs it, whatever its level; public routes do not.
    const rootCookie = { cookie: root.cookieHeader() };
    expect((await raw('/api/option/', rootCookie)).status).toBe(401);
    expect((await raw('/api/user/?p=0', rootCookie)).status).toBe(401);
    expect((await raw('/api/status', rootCookie)).status).toBe(200);
  });

  it('a session call whose New-Api-User is empty or names another user is refused', async () => {
    const u = await createUser(root, 'hdr_user');
    const cookie = u.client.cookieHeader();
    const empty = await raw('/api/user/token', { cookie, 'new-api-user': '' });
    expect(empty.status).toBe(401);
    expect((await empty.json()).message).toBe('无权进行此操作，未提供 New-Api-User');
    const other = await raw('/api/user/self', { cookie, 'new-api-user': '1' });
    expect(other.status).toBe(401);
    expect((await other.json()).message).toBe('无权进行此操作，New-Api-User 与登录用户不匹配');
    expect((await self({ cookie, 'new-api-user': String(u.id) })).status).toBe(200);
  });

  it('a ban ends every session of the user (enabling them again does not revive one); a deletion leaves none', async () => {
    const u = await createUser(root, 'ban_ends');
    expect((await root.post('/api/user/manage', { id: u.id, action: 'disable' })).status).toBe(200);
    expect((await u.client.get('/api/user/self')).status).toBe(401);
    expect((await root.post('/api/user/manage', { id: u.id, action: 'enable' })).status).toBe(200);
    expect((await u.client.get('/api/user/self')).status).toBe(401);
    await login(u.client, 'ban_ends', 'user-pass-1');
    expect((await u.client.get('/api/user/self')).status).toBe(200);

    const d = await createUser(root, 'del_ends');
    expect((await db.all('SELECT id FROM sessions WHERE user_id = ?', [d.id])).length).toBe(1);
    expect((await root.post('/api/user/manage', { id: d.id, action: 'delete' })).status).toBe(200);
    expect(await db.all('SELECT id FROM sessions WHERE user_id = ?', [d.id])).toEqual([]);
    expect((await d.client.get('/api/user/self')).status).toBe(401);
  });

  it('the server keeps only a keyed hash of the session id, and refuses a session past its expiry', async () => {
    const u = await createUser(root, 'stored');
    const cookieValue = decodeURIComponent(u.client.cookieHeader().replace(/^session=/, ''));
    const rows = await db.all('SELECT id, created_at, expires_at, last_seen_at FROM sessions WHERE user_id = ?', [
      u.id,
    ]);
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row.id).toMatch(/^[0-9a-f]{64}$/);
    expect(cookieValue).not.toContain(row.id);
    const now = Math.floor(Date.now() / 1000);
    expect(Number(row.expires_at)).toBeGreaterThan(now + 29 * 24 * 3600);
    expect(Math.abs(Number(row.created_at) - now)).toBeLessThan(600);

    await db.exec('UPDATE sessions SET expires_at = ? WHERE id = ?', [now - 1, row.id]);
    expect((await u.client.get('/api/user/self')).status).toBe(401);
  });
});
