import { BINDINGS_PAGE, callbackDestination, callbackRequest, claimOnce } from './oauth-callback';

const query = (q: string) => new URLSearchParams(q);

describe('callbackRequest', () => {
  it.each(['github', 'oidc', 'linuxdo'])('%s: passes code and state to the gateway', (p) => {
    expect(callbackRequest(p, query('code=abc&state=s1&returnTo=/x'))).toEqual({ url: `/api/oauth/${p}?code=abc&state=s1`, key: `${p}:abc` });
  });

  it("oidc: the provider's iss goes on too (the server checks it)", () => {
    const iss = encodeURIComponent('http://127.0.0.1:4000');
    expect(callbackRequest('oidc', query(`code=c&state=s&iss=${iss}`))?.url).toBe(`/api/oauth/oidc?code=c&state=s&iss=${iss}`);
  });

  it('telegram: only the widget fields go on, to login or (marked) bind', () => {
    const fields = 'id=42&first_name=A%20B&username=u&auth_date=1700000000&hash=ff';
    expect(callbackRequest('telegram', query(`returnTo=%2Flog&${fields}&extra=1`))).toEqual({
      url: '/api/oauth/telegram/login?id=42&first_name=A+B&username=u&auth_date=1700000000&hash=ff',
      key: 'telegram:ff',
    });
    expect(callbackRequest('telegram', query(`bind=1&${fields}`))?.url).toBe(
      '/api/oauth/telegram/bind?id=42&first_name=A+B&username=u&auth_date=1700000000&hash=ff',
    );
  });

  it('refuses providers it does not know', () => {
    expect(callbackRequest('wechat', query('code=1'))).toBeNull();
    expect(callbackRequest(undefined, query(''))).toBeNull();
  });
});

describe('callbackDestination', () => {
  it('a binding goes to the page holding the bindings (the personal page)', () => {
    expect(BINDINGS_PAGE).toBe('/personal');
    expect(callbackDestination({ ok: true, message: 'bind' }, true, '/log')).toBe('/personal');
  });

  it('a sign-in goes to the safe returnTo, else /token', () => {
    expect(callbackDestination({ ok: true, message: '' }, false, '/log?p=2')).toBe('/log?p=2');
    expect(callbackDestination({ ok: true, message: '' }, false, null)).toBe('/token');
    expect(callbackDestination({ ok: true, message: '' }, false, '//evil.example')).toBe('/token');
  });

  it('a failure goes to the bindings when signed in, else to the login page', () => {
    expect(callbackDestination({ ok: false }, true, '/log')).toBe('/personal');
    expect(callbackDestination({ ok: false }, false, '/log')).toBe('/login');
  });
});

describe('claimOnce', () => {
  it('lets a one-time code through once per page load', () => {
    expect(claimOnce('github:abc')).toBe(true);
    expect(claimOnce('github:abc')).toBe(false);
    expect(claimOnce('github:other')).toBe(true);
  });
});
