import { buildSettings } from '@gw/shared';
import { chatOrigins, consoleCsp, httpOrigin, pageOrigins } from './security-headers';

const directives = (csp: string) =>
  Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]));

describe('console security headers', () => {
  const local = { remoteUrls: ['/remotes/admin/remoteEntry.js', '/remotes/user/remoteEntry.js'] };

  it('allows only its own origin for code when the remotes are served by the gateway', () => {
    const csp = directives(consoleCsp(local, buildSettings({})));
    expect(csp).toMatchObject({
      'default-src': "'self'",
      'script-src': "'self'",
      'style-src': "'self' 'unsafe-inline'",
      'style-src-elem': "'self'",
      'connect-src': "'self' https://api.github.com",
      'frame-src': "'none'",
      'frame-ancestors': "'none'",
      'object-src': "'none'",
      'base-uri': "'self'",
    });
  });

  it('adds the origins of remote entries served elsewhere to scripts, styles, fonts and connect', () => {
    const csp = directives(
      consoleCsp(
        {
          remoteUrls: [
            'https://cdn.example.com/admin/remoteEntry.js?v=2',
            'https://cdn.example.com/user/remoteEntry.js',
          ],
        },
        buildSettings({}),
      ),
    );
    expect(csp['script-src']).toBe("'self' https://cdn.example.com");
    expect(csp['style-src-elem']).toBe("'self' https://cdn.example.com");
    expect(csp['font-src']).toBe("'self' https://cdn.example.com data:");
    expect(csp['connect-src']).toBe("'self' https://cdn.example.com https://api.github.com");
  });

  it('frames only the http(s) chat links, with {address} read as the server address', () => {
    const settings = buildSettings({
      ServerAddress: 'https://gw.example.com',
      Chats: JSON.stringify([
        { NextChat: 'https://app.nextchat.dev/#/?settings={"key":"{key}","url":"{address}"}' },
        { Own: '{address}/chat?key={key}' },
        { Desktop: 'ama://set-api-key?server={address}&key={key}' },
        { Broken: 'not a url' },
        { Dup: 'https://app.nextchat.dev/other' },
      ]),
    });
    expect(chatOrigins(settings)).toEqual([
      'https://app.nextchat.dev',
      'https://gw.example.com',
      'https://app.nextchat.dev',
    ]);
    expect(directives(consoleCsp(local, settings))['frame-src']).toBe(
      'https://app.nextchat.dev https://gw.example.com',
    );
  });

  it('frames the home and about pages only when each is one http(s) URL', () => {
    const framed = buildSettings({ HomePageContent: ' https://home.example.com/welcome?x=1 ', About: 'http://about.example:8080/' });
    expect(pageOrigins(framed)).toEqual(['https://home.example.com', 'http://about.example:8080']);
    expect(directives(consoleCsp(local, framed))['frame-src']).toBe('https://home.example.com http://about.example:8080');
    for (const text of ['# Home\n\nsee https://home.example.com', 'https://a.example.com and more', 'javascript:alert(1)', '<iframe src="https://x.example">']) {
      expect(pageOrigins(buildSettings({ HomePageContent: text, About: text }))).toEqual([]);
    }
    expect(directives(consoleCsp(local, buildSettings({ HomePageContent: '# Hello' })))['frame-src']).toBe("'none'");
  });

  it('lets the console fetch the saved OIDC discovery document', () => {
    const settings = buildSettings({ 'oidc.well_known': 'https://id.example.com/.well-known/openid-configuration' });
    expect(directives(consoleCsp(local, settings))['connect-src']).toBe(
      "'self' https://api.github.com https://id.example.com",
    );
  });

  it('allows the scripts and frames of the sign-in widgets only while they are switched on', () => {
    const off = directives(consoleCsp(local, buildSettings({})));
    expect(off['script-src']).toBe("'self'");
    expect(off['frame-src']).toBe("'none'");
    const turnstile = directives(consoleCsp(local, buildSettings({ TurnstileCheckEnabled: 'true' })));
    expect(turnstile['script-src']).toBe("'self' https://challenges.cloudflare.com");
    expect(turnstile['frame-src']).toBe('https://challenges.cloudflare.com');
    const both = directives(
      consoleCsp(local, buildSettings({ TurnstileCheckEnabled: 'true', TelegramOAuthEnabled: 'true', Chats: JSON.stringify([{ C: 'https://chat.example' }]) })),
    );
    expect(both['script-src']).toBe("'self' https://challenges.cloudflare.com https://telegram.org");
    expect(both['frame-src']).toBe('https://chat.example https://challenges.cloudflare.com https://oauth.telegram.org');
    // styles and fonts stay the console's own
    expect(both['style-src-elem']).toBe("'self'");
    expect(both['connect-src']).toBe("'self' https://api.github.com");
  });

  it('takes origins from absolute http(s) URLs only', () => {
    expect(httpOrigin('https://a.example.com:8443/x?y#z')).toBe('https://a.example.com:8443');
    expect(httpOrigin('/relative/path')).toBeNull();
    expect(httpOrigin('javascript:alert(1)')).toBeNull();
    expect(httpOrigin("https://a.example.com/'none';script-src *")).toBe('https://a.example.com');
  });
});
