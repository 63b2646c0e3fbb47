import type { Browser } from 'playwright-core';
import { setupRoot } from '../support/fixtures';
import { REPO_ROOT, startApp, type TestApp } from '../support/test-app';
import { launchBrowser, loginUi } from './browser';

/** The user remote's entry is unreachable: its pages say so, the admin remote keeps working. */
describe('console: one remote unreachable', () => {
  let app: TestApp;
  let browser: Browser;
  beforeAll(async () => {
    // Port 9 (discard) refuses connections on loopback: the script load fails at once.
    [app, browser] = await Promise.all([
      startApp({ WEB_DIST_DIR: REPO_ROOT, REMOTE_USER_URL: 'http://127.0.0.1:9/remoteEntry.js' }),
      launchBrowser(),
    ]);
    await setupRoot(app.url);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('shows a clear message for the user pages and keeps the admin pages usable', async () => {
    const page = await browser.newPage();
    await loginUi(page, app.url, 'root', 'root-pass-1');
    await page.goto(`${app.url}/personal`);
    const notice = page.locator('.gw-remote-unavailable');
    await notice.waitFor();
    expect(await notice.innerText()).toContain('模块加载失败');
    expect(await notice.innerText()).toContain('用户中心');

    // The shell is intact: navigate with the side menu to an admin page.
    await page.locator('.gw-sidenav .arco-menu-item', { hasText: '用户管理' }).click();
    await page.waitForURL('**/user');
    await page.locator('.gw-user-table tr', { hasText: 'root' }).waitFor();
    await page.goto(`${app.url}/setting?tab=other`);
    await page.locator('.gw-setting-page', { hasText: '系统信息' }).waitFor();
    // A shell page still renders too.
    await page.goto(`${app.url}/no/such/page`);
    await page.locator('.gw-not-found', { hasText: '页面不存在' }).waitFor();
  });
});
