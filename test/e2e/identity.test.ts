import type { Browser, Page } from 'playwright-core';
import { OAuthProviderMock, WeChatServerMock } from '../mock-upstream/oauth-mock';
import { TurnstileMock } from '../mock-upstream/turnstile-mock';
import { ApiClient } from '../support/api-client';
import { createUser, login, setOption, setupRoot } from '../support/fixtures';
import { codeIn, MailInbox, resetLinkIn } from '../support/mail-inbox';
import { writeOptionRows } from '../support/oauth-fixtures';
import { startOidcProvider, type TestOidcProvider } from '../support/oidc-provider';
import { REPO_ROOT, startApp, type TestApp } from '../support/test-app';
import { launchBrowser, loginUi, toastMatching, watchErrors } from './browser';

const TURNSTILE_SECRET = 'e2e-turnstile-secret';

/**
 * Sign-in and account journeys in Chromium against real parts: OIDC through a real OpenID Provider's own
 * login and consent pages; GitHub binding through the OAuth stand-in; e-mail codes and the password
 * reset through a real SMTP server; the human check through the Turnstile widget's API (the script is
 * served locally: no internet here) and the siteverify stand-in. Behaviour: docs/identity/.
 */
describe('console: sign-in, binding, e-mail codes and password reset', () => {
  let app: TestApp;
  let browser: Browser;
  let root: ApiClient;
  let op: TestOidcProvider;
  let inbox: MailInbox;
  let github: OAuthProviderMock;
  let turnstile: TurnstileMock;
  let wechat: WeChatServerMock;

  beforeAll(async () => {
    inbox = await MailInbox.start();
    github = new OAuthProviderMock('github', 'gh-e2e-client', 'gh-e2e-secret', { id: 4242, login: 'octo-e2e', name: 'Octo' });
    turnstile = new TurnstileMock(TURNSTILE_SECRET);
    wechat = new WeChatServerMock('e2e-wechat-token');
    await Promise.all([github.start(), turnstile.start(), wechat.start()]);
    [app, browser] = await Promise.all([
      startApp({
        WEB_DIST_DIR: REPO_ROOT,
        SYNC_FREQUENCY: '1',
        OUTBOUND_TEST_ALLOW: '127.0.0.1',
        GITHUB_OAUTH_URL: github.url,
        GITHUB_API_URL: github.url,
        TURNSTILE_VERIFY_URL: turnstile.verifyUrl,
      }),
      launchBrowser(),
    ]);
    op = await startOidcProvider({
      redirectUris: [`${app.url}/oauth/oidc`],
      accounts: { alice: { name: 'Alice Liddell', email: 'alice@example.org', email_verified: true } },
    });
    root = await setupRoot(app.url);
    await inbox.configure((k, v) => setOption(root, k, v));
    const options: Record<string, string> = {
      ServerAddress: app.url,
      GitHubClientId: github.clientId,
      GitHubClientSecret: github.clientSecret,
      GitHubOAuthEnabled: 'true',
      'oidc.client_id': op.clientId,
      'oidc.client_secret': op.clientSecret,
      'oidc.enabled': 'true',
      WeChatServerAddress: wechat.url,
      WeChatServerToken: wechat.token,
      WeChatAuthEnabled: 'true',
    };
    for (const [k, v] of Object.entries(options)) await setOption(root, k, v);
    // The option API refuses loopback addresses for URLs the server calls (the outbound rule).
    await writeOptionRows(app, { 'oidc.well_known': op.wellKnown }, async () => {
      const res = await new ApiClient(app.url).navigate('/api/oauth/oidc/start');
      return res.status === 302 && (res.location ?? '').startsWith(op.issuer);
    });
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await op?.close();
    await Promise.all([inbox?.close(), github?.close(), turnstile?.close(), wechat?.close()]);
  });

  const newPage = async (): Promise<{ page: Page; errors: string[] }> => {
    const context = await browser.newContext();
    // No internet here: what would leave the machine (the provider pages' web fonts) fails at once
    // instead of holding the page's load event. Page-level routes (the Turnstile script) still win.
    await context.route((url) => url.hostname !== '127.0.0.1', (route) => route.abort());
    const page = await context.newPage();
    return { page, errors: watchErrors(page) };
  };

  it('signs in with OIDC through the provider’s own pages and lands on /token', async () => {
    const { page, errors } = await newPage();
    await page.goto(`${app.url}/login`);
    await page.click('[data-testid=oauth-oidc]');
    // oidc-provider's development interactions: a login form, then a consent form.
    await page.waitForURL(`${op.issuer}/**`);
    await page.fill('input[name=login]', 'alice');
    await page.fill('input[name=password]', 'any');
    await page.click('button[type=submit]');
    const consent = page.locator('input[name=prompt][value=consent] ~ button[type=submit]');
    await Promise.race([consent.waitFor(), page.waitForURL(`${app.url}/**`)]).catch(() => undefined);
    if (page.url().startsWith(op.issuer)) await consent.click();
    await page.waitForURL(`${app.url}/token`);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
    expect(stored).toMatchObject({ display_name: 'Alice Liddell' });
    expect(stored.username).toMatch(/^oidc_/);
    expect(errors).toEqual([]);
  });

  it('signs in with the code the WeChat account replied, typed into the QR modal', async () => {
    const { page, errors } = await newPage();
    await page.goto(`${app.url}/login`);
    await page.click('[data-testid=oauth-wechat]');
    await page.locator('.gw-wechat-modal input').fill(wechat.issueCode('wx-e2e-openid'));
    await page.locator('.gw-wechat-modal .arco-modal-footer .arco-btn-primary').click();
    await page.waitForURL(`${app.url}/token`);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
    expect(stored.username).toMatch(/^wechat_/);
    expect(errors).toEqual([]);
  });

  it('binds GitHub from /personal: the round trip comes back bound', async () => {
    const user = await createUser(root, 'gh_binder');
    const { page, errors } = await newPage();
    await loginUi(page, app.url, user.username, user.password);
    await page.goto(`${app.url}/personal`);
    await page.locator('[data-testid=binding-github_id][data-bound=false]').waitFor();
    await page.click('[data-testid=bind-github]');
    await toastMatching(page, /绑定成功/);
    await page.waitForURL(`${app.url}/personal`);
    await page.locator('[data-testid=binding-github_id][data-bound=true]').waitFor();
    expect((await user.client.get('/api/user/self')).body.data.github_id).toBe('4242');
    expect(errors).toEqual([]);
  });

  it('binds an e-mail with a mailed code, then resets the password from the mailed link and signs in with the new one', async () => {
    const user = await createUser(root, 'mail_user');
    const email = 'mail_user@example.org';
    const { page, errors } = await newPage();
    await loginUi(page, app.url, user.username, user.password);
    await page.goto(`${app.url}/personal`);
    await page.click('[data-testid=bind-email]');
    const modal = page.locator('.gw-email-bind-modal');
    await modal.locator('input[type=email]').fill(email);
    await modal.locator('[data-testid=bind-email-send]').click();
    const code = codeIn(await inbox.waitForMail(email));
    await modal.locator('[data-testid=bind-email-code]').fill(code);
    await modal.locator('.arco-modal-footer .arco-btn-primary').click();
    await toastMatching(page, /邮箱账户绑定成功/);
    await page.locator('[data-testid=binding-email][data-bound=true]').waitFor();

    // Signed out, in a fresh browser: ask for a reset, follow the mailed link, confirm.
    const { page: visitor } = await newPage();
    await visitor.goto(`${app.url}/reset`);
    await visitor.fill('.gw-auth-card input[type=email]', email);
    await visitor.click('[data-testid=reset-request]');
    await toastMatching(visitor, /./);
    const { link } = resetLinkIn(await inbox.waitForMail(email));
    expect(link.startsWith(`${app.url}/user/reset?`)).toBe(true);
    await visitor.goto(link);
    await visitor.click('[data-testid=reset-confirm]');
    const password = (await visitor.locator('[data-testid=reset-password]').innerText()).trim();
    expect(password).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(await visitor.locator('[data-testid=reset-confirm]').isDisabled()).toBe(true);

    // The old password is refused; the new one signs in through the login page.
    expect((await new ApiClient(app.url).post('/api/user/login', { username: user.username, password: user.password })).body.success).toBe(false);
    await loginUi(visitor, app.url, user.username, password);
    // The reset ended the first browser's session: moving on in the console (no reload), its next
    // calls answer 401 and land on the login page with the notice.
    await page.locator('.gw-sidenav .arco-menu-item', { hasText: '钱包' }).click();
    await page.waitForURL(/\/login\?expired=true/);
    await page.locator('.gw-expired').waitFor();
    expect(errors).toEqual([]);
  });

  it('registers with an e-mail code behind the human check, then signs in behind it', async () => {
    await setOption(root, 'TurnstileSiteKey', 'e2e-site-key');
    await setOption(root, 'TurnstileSecretKey', TURNSTILE_SECRET);
    await setOption(root, 'EmailVerificationEnabled', 'true');
    await setOption(root, 'TurnstileCheckEnabled', 'true');
    try {
      const { page, errors } = await newPage();
      await serveTurnstileWidget(page, turnstile);
      await page.goto(`${app.url}/register`);
      const card = page.locator('.gw-auth-card');
      await card.locator('input[autocomplete=username]').fill('newcomer');
      await card.locator('input[autocomplete=new-password]').nth(0).fill('newcomer-pass-1');
      await card.locator('input[autocomplete=new-password]').nth(1).fill('newcomer-pass-1');
      await card.locator('input[type=email]').fill('newcomer@example.org');
      await page.locator('.gw-turnstile[data-fake-token]').waitFor({ state: 'attached' });
      await card.locator('[data-testid=send-code]').click();
      const code = codeIn(await inbox.waitForMail('newcomer@example.org'));
      // The 30-second resend lock shows on the button.
      await card.locator('[data-testid=send-code]:disabled').waitFor();
      await card.locator('input[placeholder="输入验证码"]').fill(code);
      await page.locator('.gw-turnstile[data-fake-token]').waitFor({ state: 'attached' });
      await card.locator('button[type=submit]').click();
      await page.waitForURL(`${app.url}/login`);

      await page.fill('input[name=username]', 'newcomer');
      await page.fill('input[name=password]', 'newcomer-pass-1');
      await page.locator('.gw-turnstile[data-fake-token]').waitFor({ state: 'attached' });
      await page.click('.gw-login-form button[type=submit]');
      await page.waitForURL(`${app.url}/token`);
      // Every siteverify call carried the secret and a token the widget handed out, and passed.
      expect(turnstile.checks.length).toBeGreaterThanOrEqual(3);
      expect(turnstile.checks.every((c) => c.success)).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await setOption(root, 'TurnstileCheckEnabled', 'false');
      await setOption(root, 'EmailVerificationEnabled', 'false');
    }
    expect((await login(new ApiClient(app.url), 'newcomer', 'newcomer-pass-1')).id).toBeGreaterThan(0);
  });
});

/**
 * Serves Turnstile's script URL from here (there is no internet): a stand-in for the widget's
 * JavaScript API (render / reset / remove) that hands each widget a token issued by the siteverify
 * stand-in, as the real widget would after the browser passed the challenge.
 */
async function serveTurnstileWidget(page: Page, turnstile: TurnstileMock): Promise<void> {
  const tokens = Array.from({ length: 30 }, () => turnstile.issue());
  const script = `(() => {
    const tokens = ${JSON.stringify(tokens)};
    const widgets = {};
    let n = 0;
    const give = (id) => setTimeout(() => {
      const w = widgets[id];
      if (!w) return;
      const token = tokens.shift() || '';
      w.el.setAttribute('data-fake-token', token);
      w.options.callback(token);
    }, 50);
    window.turnstile = {
      render(el, options) { const id = 'w' + ++n; widgets[id] = { el, options }; give(id); return id; },
      reset(id) { const w = widgets[id]; if (w) { w.el.removeAttribute('data-fake-token'); give(id); } },
      remove(id) { delete widgets[id]; },
    };
  })();`;
  await page.route('https://challenges.cloudflare.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: script }),
  );
}
