/**
 * LinuxDO sign-in against a LinuxDO Connect stand-in (OAuth 2 with HTTP Basic client auth, /api/user
 * with trust_level): sign-up, binding, and the minimum trust level (LinuxDOMinimumTrustLevel).
 */
import { OAuthProviderMock } from '../mock-upstream/oauth-mock';
import { ApiClient } from '../support/api-client';
import { createUser, setOption, setupRoot } from '../support/fixtures';
import { finishSignIn, followAuthorize, startSignIn } from '../support/oauth-fixtures';
import { startApp, type TestApp } from '../support/test-app';

describe('LinuxDO sign-in', () => {
  let t: TestApp;
  let root: ApiClient;
  const ld = new OAuthProviderMock('linuxdo', 'ld-client', 'ld-secret', {
    id: 501,
    login: 'penguin',
    name: 'Tux',
    trust_level: 2,
  });

  beforeAll(async () => {
    t = await startApp({ LINUXDO_OAUTH_URL: await ld.start() });
    root = await setupRoot(t.url);
    await setOption(root, 'ServerAddress', t.url);
    await setOption(root, 'LinuxDOClientId', ld.clientId);
    await setOption(root, 'LinuxDOClientSecret', ld.clientSecret);
    await setOption(root, 'LinuxDOOAuthEnabled', 'true');
  });
  afterAll(async () => {
    await t.close();
    await ld.close();
  });

  async function signIn(client: ApiClient) {
    return finishSignIn(client, 'linuxdo', await followAuthorize(await startSignIn(client, 'linuxdo')));
  }

  it('builds the authorize URL on LINUXDO_OAUTH_URL and signs a new user up', async () => {
    const client = new ApiClient(t.url);
    const url = await startSignIn(client, 'linuxdo');
    expect(url.origin + url.pathname).toBe(`${ld.url}/oauth2/authorize`);
    expect(url.searchParams.get('redirect_uri')).toBe(`${t.url}/oauth/linuxdo`);
    const res = await finishSignIn(client, 'linuxdo', await followAuthorize(url));
    expect(res.body).toMatchObject({ success: true, data: { display_name: 'Tux' } });
    expect(res.body.data.username).toMatch(/^linuxdo_[a-z0-9]{4}$/);
    expect((await client.get('/api/user/self')).body.data.linux_do_id).toBe('501');
    // The token request authenticated with HTTP Basic.
    const tokenCall = ld.requests.find((r) => r.path === '/oauth2/token');
    expect(String(tokenCall?.headers.authorization)).toBe(
      `Basic ${Buffer.from('ld-client:ld-secret').toString('base64')}`,
    );
  });

  it('refuses accounts below the minimum trust level, for sign-up, sign-in and binding', async () => {
    await setOption(root, 'LinuxDOMinimumTrustLevel', '3');
    ld.person = { id: 502, login: 'newbie', trust_level: 1 };
    const client = new ApiClient(t.url);
    const res = await signIn(client);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, message: 'LinuxDO 信任等级未达到本站要求' });
    expect(client.hasSession()).toBe(false);

    const user = await createUser(root, 'ld_lowbind');
    expect((await signIn(user.client)).status).toBe(403);
    expect((await user.client.get('/api/user/self')).body.data.linux_do_id).toBe('');

    ld.person = { id: 503, login: 'regular', trust_level: 3 };
    expect((await signIn(new ApiClient(t.url))).body.success).toBe(true);
    await setOption(root, 'LinuxDOMinimumTrustLevel', '0');
  });

  it('binds to a signed-in user and refuses an id another user holds', async () => {
    ld.person = { id: 504, login: 'binder', trust_level: 1 };
    const user = await createUser(root, 'ld_binder');
    expect((await signIn(user.client)).body).toEqual({ success: true, message: 'bind' });
    const other = await createUser(root, 'ld_other');
    const res = await signIn(other.client);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('该账户已绑定其他用户');
  });

  it('refuses a wrong client secret at the token endpoint', async () => {
    await setOption(root, 'LinuxDOClientSecret', 'not-the-secret');
    const res = await signIn(new ApiClient(t.url));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: expect.stringContaining('LinuxDO') });
    await setOption(root, 'LinuxDOClientSecret', ld.clientSecret);
  });
});
