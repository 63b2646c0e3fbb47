import { oauthStartUrl, queryPath, telegramAuthUrl } from './identity-urls';

describe('third-party sign-in addresses', () => {
  it('the buttons go to the gateway start route, with the stored invitation code when there is one', () => {
    expect(oauthStartUrl('github', null)).toBe('/api/oauth/github/start');
    expect(oauthStartUrl('oidc', '')).toBe('/api/oauth/oidc/start');
    expect(oauthStartUrl('linuxdo', 'A b&c')).toBe('/api/oauth/linuxdo/start?aff=A+b%26c');
  });

  it('the Telegram widget comes back to the callback page, marked when it binds', () => {
    expect(telegramAuthUrl('login', '/log?p=1')).toBe('/oauth/telegram?returnTo=%2Flog%3Fp%3D1');
    expect(telegramAuthUrl('login')).toBe('/oauth/telegram');
    expect(telegramAuthUrl('bind', '/ignored')).toBe('/oauth/telegram?bind=1');
  });

  it('leaves empty values out of a query', () => {
    expect(queryPath('/x', { a: '', b: null, c: undefined })).toBe('/x');
    expect(queryPath('/x', { a: '1', b: 'é' })).toBe('/x?a=1&b=%C3%A9');
  });
});
