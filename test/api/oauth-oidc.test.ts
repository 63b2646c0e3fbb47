/**
 * OIDC sign-in against a real OpenID Provider (`oidc-provider`, started by the test, PKCE required):
 * discovery through the outbound client (OUTBOUND_TEST_ALLOW lets it reach 127.0.0.1), the server-built
 * authorize URL with PKCE S256 and a nonce, sign-up with an invite, sign-in, binding, the manual
 * endpoint configuration, and refusals.
 */
import { ApiClient } from '../support/api-client';
import { createUser, setOption, setupRoot } from '../support/fixtures';
import { finishSignIn, startSignIn, writeOptionRows } from '../support/oauth-fixtures';
import { startOidcProvider, type TestOidcProvider } from '../support/oidc-provider';
import { startApp, type TestApp } from '../support/test-app';

describe('OIDC sign-in', () => {
  let t: TestApp;
  let op: TestOidcProvider;
  let root: ApiClient;

  /** True once a start redirects to the provider (the options written to the database were reloaded). */
  const startsAt = (prefix: string) => async () => {
    const res = await new ApiClient(t.url).navigate('/api/oauth/oidc/start');
    return res.status === 302 && (res.location ?? '').startsWith(prefix);
  };

  beforeAll(async () => {
    t = await startApp({ SYNC_FREQUENCY: '1', OUTBOUND_TEST_ALLOW: '127.0.0.1' });
    op = await startOidcProvider({
      redirectUris: [`${t.url}/oauth/oidc`],
      accounts: {
        alice: { name: 'Alice Liddell', email: 'alice@example.org', email_verified: true },
        bob: { name: 'Bob', email: 'bob@example.org', email_verified: true },
        carol: { name: 'Carol', email: 'carol@example.org', email_verified: true },
      },
    });
    root = await setupRoot(t.url);
    await setOption(root, 'ServerAddress', t.url);
    await setOption(root, 'QuotaForNewUser', '100');
    await setOption(root, 'QuotaForInvitee', '20');
    await setOption(root, 'QuotaForInviter', '10');
    await setOption(root, 'oidc.client_id', op.clientId);
    await setOption(root, 'oidc.client_secret', op.clientSecret);
    await setOption(root, 'oidc.enabled', 'true');
    // Loopback URLs are refused by the option API (the outbound rule): written to the database instead.
    await writeOptionRows(t, { 'oidc.well_known': op.wellKnown }, startsAt(op.issuer));
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await op.close();
  });

  it('redirects with scope openid profile email, PKCE S256, a nonce and the console callback', async () => {
    const url = await startSignIn(new ApiClient(t.url), 'oidc');
    expect(url.origin).toBe(op.issuer);
    const q = url.searchParams;
    expect(q.get('scope')).toBe('openid profile email');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('nonce')).toBeTruthy();
    expect(q.get('redirect_uri')).toBe(`${t.url}/oauth/oidc`);
    expect(q.get('client_id')).toBe(op.clientId);
  });

  it('signs up through the provider with an invite, then signs the same account in', async () => {
    const inviter = await createUser(root, 'oidc_inviter');
    const aff = (await inviter.client.get('/api/user/aff')).body.data;
    const client = new ApiClient(t.url);
    const back = await op.signIn((await startSignIn(client, 'oidc', aff)).toString(), 'alice');
    expect(back.origin + back.pathname).toBe(`${t.url}/oauth/oidc`);
    const res = await finishSignIn(client, 'oidc', back);
    expect(res.body).toMatchObject({ success: true, message: '', data: { display_name: 'Alice Liddell' } });
    expect(res.body.data.username).toMatch(/^oidc_[a-z0-9]{7}$/);
    expect((await client.get('/api/user/self')).body.data).toMatchObject({
      oidc_id: 'alice',
      email: 'alice@example.org',
      quota: 120,
      inviter_id: inviter.id,
    });
    expect((await inviter.client.get('/api/user/self')).body.data).toMatchObject({ aff_count: 1, aff_quota: 10 });

    const again = new ApiClient(t.url);
    const second = await finishSignIn(
      again,
      'oidc',
      await op.signIn((await startSignIn(again, 'oidc')).toString(), 'alice'),
    );
    expect(second.body).toMatchObject({ success: true, data: { id: res.body.data.id } });

    // The same code and state once more: the state is spent.
    const replay = await finishSignIn(again, 'oidc', new URL(back));
    expect(replay.status).toBe(403);
  });

  it('binds the OIDC account to a signed-in user, and refuses it for another', async () => {
    const user = await createUser(root, 'oidc_binder');
    const res = await finishSignIn(
      user.client,
      'oidc',
      await op.signIn((await startSignIn(user.client, 'oidc')).toString(), 'bob'),
    );
    expect(res.body).toEqual({ success: true, message: 'bind' });
    expect((await user.client.get('/api/user/self')).body.data.oidc_id).toBe('bob');

    const other = await createUser(root, 'oidc_other');
    const taken = await finishSignIn(
      other.client,
      'oidc',
      await op.signIn((await startSignIn(other.client, 'oidc')).toString(), 'bob'),
    );
    expect(taken.status).toBe(400);
    expect(taken.body).toMatchObject({ success: false, message: '该账户已绑定其他用户' });
  });

  it('refuses a code whose PKCE verifier or nonce belongs to another sign-in', async () => {
    // Two sign-ins in one browser: the code of the first with the state of the second fails the PKCE check.
    const client = new ApiClient(t.url);
    const first = await op.signIn((await startSignIn(client, 'oidc')).toString(), 'carol');
    const second = await op.signIn((await startSignIn(client, 'oidc')).toString(), 'carol');
    const mixed = new URL(second);
    mixed.searchParams.set('code', first.searchParams.get('code')!);
    const res = await finishSignIn(client, 'oidc', mixed);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: expect.stringContaining('OIDC') });
    expect(client.hasSession()).toBe(false);
  });

  it('works from the three endpoints without discovery', async () => {
    const meta = (await (await fetch(op.wellKnown)).json()) as Record<string, string>;
    await writeOptionRows(
      t,
      {
        'oidc.well_known': '',
        'oidc.authorization_endpoint': meta.authorization_endpoint,
        'oidc.token_endpoint': meta.token_endpoint,
        'oidc.user_info_endpoint': meta.userinfo_endpoint,
      },
      startsAt(meta.authorization_endpoint),
    );
    const client = new ApiClient(t.url);
    const res = await finishSignIn(
      client,
      'oidc',
      await op.signIn((await startSignIn(client, 'oidc')).toString(), 'carol'),
    );
    expect(res.body).toMatchObject({ success: true, data: { display_name: 'Carol' } });
    expect((await client.get('/api/user/self')).body.data.oidc_id).toBe('carol');
  });

  it('is refused while OIDC is off', async () => {
    await setOption(root, 'oidc.enabled', 'false');
    const res = await new ApiClient(t.url).navigate('/api/oauth/oidc/start');
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body)).toMatchObject({ success: false, message: expect.stringContaining('OIDC') });
    expect((await new ApiClient(t.url).get('/api/oauth/oidc?code=x&state=y')).status).toBe(403);
  });
});
