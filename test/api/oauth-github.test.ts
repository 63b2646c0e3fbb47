/**
 * GitHub sign-in (docs/identity/third-party-sign-in.md) against a GitHub stand-in speaking its OAuth and
 * REST wire format: the server-built authorize redirect, the state (row + browser cookie, single use),
 * sign-up with the invite code carried by the state, sign-in, binding, and every refusal.
 */
import { OAuthProviderMock } from '../mock-upstream/oauth-mock';
import { ApiClient } from '../support/api-client';
import { createUser, login, setOption, setupRoot } from '../support/fixtures';
import { finishSignIn, followAuthorize, startSignIn, userRow } from '../support/oauth-fixtures';
import { Db } from '../support/relay-fixtures';
import { startApp, type TestApp } from '../support/test-app';

describe('GitHub sign-in', () => {
  let t: TestApp;
  let root: ApiClient;
  const gh = new OAuthProviderMock('github', 'gh-client', 'gh-secret', {
    id: 1001,
    login: 'octo',
    name: 'Octo Cat',
    email: 'octo@example.com',
  });

  beforeAll(async () => {
    const ghUrl = await gh.start();
    t = await startApp({ GITHUB_OAUTH_URL: ghUrl, GITHUB_API_URL: ghUrl });
    root = await setupRoot(t.url);
    await setOption(root, 'ServerAddress', t.url);
    await setOption(root, 'QuotaForNewUser', '500');
    await setOption(root, 'QuotaForInvitee', '70');
    await setOption(root, 'QuotaForInviter', '30');
  });
  afterAll(async () => {
    await t.close();
    await gh.close();
  });

  /** The whole browser round trip for `client`; returns the callback's answer. */
  async function signIn(client: ApiClient, aff = '') {
    return finishSignIn(client, 'github', await followAuthorize(await startSignIn(client, 'github', aff)));
  }

  it('is refused while GitHub sign-in is off', async () => {
    const res = await new ApiClient(t.url).navigate('/api/oauth/github/start');
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body)).toMatchObject({ success: false, message: expect.stringContaining('GitHub') });
    await setOption(root, 'GitHubClientId', gh.clientId);
    await setOption(root, 'GitHubClientSecret', gh.clientSecret);
    await setOption(root, 'GitHubOAuthEnabled', 'true');
  });

  it('redirects to the authorize page with client id, state and the console callback as redirect_uri', async () => {
    const client = new ApiClient(t.url);
    const url = await startSignIn(client, 'github');
    expect(url.origin + url.pathname).toBe(`${gh.url}/login/oauth/authorize`);
    expect(url.searchParams.get('client_id')).toBe('gh-client');
    expect(url.searchParams.get('redirect_uri')).toBe(`${t.url}/oauth/github`);
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(client.cookieNames()).toContain('oauth_state');
  });

  it('signs up a new GitHub user with the invite from the state, then signs the same user in', async () => {
    const inviter = await createUser(root, 'gh_inviter');
    const affCode = (await inviter.client.get('/api/user/aff')).body.data;
    const client = new ApiClient(t.url);
    const res = await signIn(client, affCode);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: '',
      data: { display_name: 'Octo Cat', role: 1, status: 1 },
    });
    expect(res.body.data.username).toMatch(/^github_[a-z0-9]{5}$/);
    const self = (await client.get('/api/user/self')).body.data;
    expect(self).toMatchObject({
      github_id: '1001',
      email: 'octo@example.com',
      quota: 570,
      inviter_id: inviter.id,
      oidc_id: '',
      wechat_id: '',
    });
    expect((await inviter.client.get('/api/user/self')).body.data).toMatchObject({ aff_count: 1, aff_quota: 30 });

    const again = new ApiClient(t.url);
    const second = await signIn(again);
    expect(second.body).toMatchObject({ success: true, data: { id: res.body.data.id } });
    // A third-party account has no password: password sign-in never matches it.
    const pw = await new ApiClient(t.url).post('/api/user/login', {
      username: res.body.data.username,
      password: 'anything-1',
    });
    expect(pw.body).toMatchObject({ success: false, data: null });
  });

  it('refuses a replayed callback, a state from another browser and an unknown state', async () => {
    gh.person = { id: 1002, login: 'replay' };
    const client = new ApiClient(t.url);
    const back = await followAuthorize(await startSignIn(client, 'github'));
    const stateCookie = stateCookieOf(client.cookieHeader());

    // Another browser (no state cookie) cannot use it, and trying does not spend it.
    const other = await finishSignIn(new ApiClient(t.url), 'github', back);
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({ success: false, message: expect.stringContaining('浏览器') });
    const first = await finishSignIn(client, 'github', back);
    expect(first.body.success).toBe(true);

    // The same callback again, with the state cookie as it was: the state is spent.
    const res = await fetch(`${t.url}/api/oauth/github?${back.searchParams}`, {
      headers: { cookie: `oauth_state=${stateCookie}` },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ success: false, message: expect.stringContaining('已被使用') });

    const forged = new URL(back);
    forged.searchParams.set('state', 'x'.repeat(43));
    expect((await finishSignIn(new ApiClient(t.url), 'github', forged)).status).toBe(403);
  });

  it('refuses an expired state', async () => {
    const client = new ApiClient(t.url);
    const back = await followAuthorize(await startSignIn(client, 'github'));
    const db = Db.open(t);
    await db.exec('UPDATE oauth_states SET expires_at = 1');
    db.close();
    expect((await finishSignIn(client, 'github', back)).status).toBe(403);
  });

  it('refuses a code GitHub already exchanged, even with a fresh state', async () => {
    gh.person = { id: 1001, login: 'octo' };
    const client = new ApiClient(t.url);
    const back = await followAuthorize(await startSignIn(client, 'github'));
    expect((await finishSignIn(client, 'github', back)).body.success).toBe(true);
    const second = new ApiClient(t.url);
    const replayed = await followAuthorize(await startSignIn(second, 'github'));
    replayed.searchParams.set('code', back.searchParams.get('code')!);
    const res = await finishSignIn(second, 'github', replayed);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: expect.stringContaining('GitHub') });
  });

  it('accepts a state from GET /api/oauth/state for a URL the client built itself', async () => {
    gh.person = { id: 1003, login: 'selfbuilt' };
    const client = new ApiClient(t.url);
    const state = (await client.get('/api/oauth/state')).body.data as string;
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const authorize = new URL(`${gh.url}/login/oauth/authorize`);
    authorize.search = new URLSearchParams({
      client_id: gh.clientId,
      state,
      redirect_uri: `${t.url}/oauth/github`,
    }).toString();
    const res = await finishSignIn(client, 'github', await followAuthorize(authorize));
    expect(res.body).toMatchObject({ success: true });
  });

  it('binds GitHub to the signed-in user, and refuses an id bound to someone else', async () => {
    const user = await createUser(root, 'gh_binder');
    gh.person = { id: 2001, login: 'binder' };
    const res = await signIn(user.client);
    expect(res.body).toEqual({ success: true, message: 'bind' });
    expect((await user.client.get('/api/user/self')).body.data.github_id).toBe('2001');

    const other = await createUser(root, 'gh_thief');
    const stolen = await signIn(other.client);
    expect(stolen.status).toBe(400);
    expect(stolen.body).toMatchObject({ success: false, message: '该账户已绑定其他用户' });
    expect((await userRow(t, other.id)).github_id).toBeNull();
  });

  it('refuses a banned or deleted account, and sign-up while registration is off', async () => {
    gh.person = { id: 3001, login: 'tobebanned' };
    const created = await signIn(new ApiClient(t.url));
    const id = created.body.data.id as number;
    await root.post('/api/user/manage', { id, action: 'disable' });
    const banned = await signIn(new ApiClient(t.url));
    expect(banned.status).toBe(403);
    expect(banned.body).toMatchObject({ success: false, message: '用户已被封禁' });
    await root.post('/api/user/manage', { id, action: 'delete' });
    const deleted = await signIn(new ApiClient(t.url));
    expect(deleted.body).toMatchObject({ success: false, message: '用户已注销' });
    expect(deleted.status).toBe(403);

    await setOption(root, 'RegisterEnabled', 'false');
    gh.person = { id: 3002, login: 'latecomer' };
    const client = new ApiClient(t.url);
    const closed = await signIn(client);
    expect(closed.status).toBe(403);
    expect(closed.body.message).toBe('管理员关闭了新用户注册');
    expect(client.hasSession()).toBe(false);
    await setOption(root, 'RegisterEnabled', 'true');
  });

  it('refuses the callback once GitHub sign-in is switched off', async () => {
    gh.person = { id: 1001, login: 'octo' };
    const client = new ApiClient(t.url);
    const back = await followAuthorize(await startSignIn(client, 'github'));
    await setOption(root, 'GitHubOAuthEnabled', 'false');
    const res = await finishSignIn(client, 'github', back);
    expect(res.status).toBe(403);
    await setOption(root, 'GitHubOAuthEnabled', 'true');
    await login(new ApiClient(t.url), 'root', 'root-pass-1');
  });
});

/** The oauth_state cookie value in a Cookie header. */
function stateCookieOf(cookieHeader: string): string {
  return /(?:^|; )oauth_state=([^;]*)/.exec(cookieHeader)?.[1] ?? '';
}
