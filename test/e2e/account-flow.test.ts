import type { Browser } from 'playwright-core';
import { REPO_ROOT, startApp, type TestApp } from '../support/test-app';
import { launchBrowser, loginUi, watchErrors } from './browser';

/**
 * First-run setup → root logs in → creates a user → the user logs in and changes the password →
 * root bans them → their next action lands on the login page with the "expired" notice.
 */
describe('console: setup, users, password change and ban', () => {
  let app: TestApp;
  let browser: Browser;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp({ WEB_DIST_DIR: REPO_ROOT }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('runs the whole account lifecycle in the browser', async () => {
    const admin = await (await browser.newContext()).newPage();
    const errors = watchErrors(admin);

    // Every path redirects to /setup until the system is set up.
    await admin.goto(`${app.url}/user`);
    await admin.waitForURL('**/setup');
    const setup = admin.locator('.gw-setup-form input');
    await setup.nth(0).fill('root');
    await setup.nth(1).fill('short');
    await setup.nth(2).fill('short');
    await admin.click('.gw-setup-form button[type=submit]');
    await admin.getByText('密码长度至少为8个字符').first().waitFor();
    await setup.nth(1).fill('root-pass-1');
    await setup.nth(2).fill('root-pass-1');
    await admin.click('.gw-setup-form button[type=submit]');
    await admin.getByText('系统初始化成功，正在跳转…').waitFor();
    await admin.waitForURL(`${app.url}/`, { timeout: 10_000 });

    // Wrong password: the 401 of the login call is shown, not redirected.
    await admin.goto(`${app.url}/login?returnTo=${encodeURIComponent('/user')}`);
    await admin.fill('input[name=username]', 'root');
    await admin.fill('input[name=password]', 'wrong-password');
    await admin.click('.gw-login-form button[type=submit]');
    await admin.locator('.arco-message').first().waitFor();
    expect(admin.url()).toContain('/login');
    await admin.fill('input[name=password]', 'root-pass-1');
    await admin.click('.gw-login-form button[type=submit]');
    await admin.waitForURL('**/user');

    // Create alice through the add-user drawer.
    await admin.locator('.gw-user-table .arco-table-td').first().waitFor();
    await admin.click('.gw-add-user');
    const drawer = admin.locator('.gw-add-user-drawer');
    await drawer.locator('input').nth(0).fill('alice');
    await drawer.locator('input').nth(1).fill('Alice');
    await drawer.locator('input').nth(2).fill('alice-pass-1');
    await drawer.locator('.gw-submit').click();
    await admin.getByText('用户账户创建成功！').waitFor();
    const aliceRow = admin.locator('.gw-user-table tr', { hasText: 'alice' });
    await aliceRow.waitFor();

    // Alice signs in (own browser context) and changes her password.
    const alice = await (await browser.newContext()).newPage();
    await loginUi(alice, app.url, 'alice', 'alice-pass-1');
    await alice.goto(`${app.url}/personal`);
    await alice.click('.gw-change-password');
    const pw = alice.locator('.gw-password-modal input');
    await pw.nth(0).fill('alice-pass-1');
    await pw.nth(1).fill('alice-pass-2');
    await pw.nth(2).fill('alice-pass-3');
    await alice.locator('.gw-password-modal .arco-btn-primary').click();
    await alice.getByText('两次输入的密码不一致！').first().waitFor();
    await pw.nth(2).fill('alice-pass-2');
    await alice.locator('.gw-password-modal .arco-btn-primary').click();
    await alice.getByText('密码修改成功！').waitFor();

    // Root bans alice.
    await aliceRow.locator('.gw-action-disable').click();
    await admin.locator('.arco-popconfirm .arco-btn-primary').click();
    await aliceRow.locator('.gw-user-status', { hasText: '已封禁' }).waitFor();

    // Alice's next action answers 401: she lands on the login page, with returnTo.
    await alice.click('.gw-reset-token');
    await alice.waitForURL('**/login?expired=true&returnTo=%2Fpersonal');
    await alice.locator('.gw-expired', { hasText: '未登录或登录已过期，请重新登录！' }).waitFor();
    expect(await alice.evaluate(() => localStorage.getItem('user'))).toBeNull();
    expect(errors).toEqual([]);
  });
});
