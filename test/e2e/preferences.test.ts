import type { Browser } from 'playwright-core';
import { setupRoot } from '../support/fixtures';
import { REPO_ROOT, startApp, type TestApp } from '../support/test-app';
import { launchBrowser, loginUi, watchErrors } from './browser';

/** The language menu and the dark/light switch persist across a reload (localStorage). */
describe('console: language and theme', () => {
  let app: TestApp;
  let browser: Browser;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp({ WEB_DIST_DIR: REPO_ROOT }), launchBrowser()]);
    await setupRoot(app.url);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('keeps English and dark mode after a reload', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.goto(`${app.url}/login`);
    // zh is the default.
    await page.locator('.gw-auth-card', { hasText: '用户登录' }).waitFor();
    expect(await page.getAttribute('body', 'arco-theme')).toBeNull();

    await page.click('.gw-theme-switch');
    expect(await page.getAttribute('body', 'arco-theme')).toBe('dark');
    await page.click('.gw-lang-switch');
    await page.locator('.arco-dropdown-menu-item', { hasText: 'English' }).click();
    await page.locator('.gw-auth-card', { hasText: 'Log in' }).waitFor();
    // Arco's own strings follow the language too (ConfigProvider locale).
    expect(await page.evaluate(() => [localStorage.getItem('theme-mode'), localStorage.getItem('i18nextLng')])).toEqual(
      ['dark', 'en'],
    );

    await page.reload();
    await page.locator('.gw-auth-card', { hasText: 'Log in' }).waitFor();
    expect(await page.getAttribute('body', 'arco-theme')).toBe('dark');
    expect(await page.getAttribute('html', 'lang')).toBe('en');

    // Remote pages follow the language, and the server answers in it (Accept-Language).
    await loginUi(page, app.url, 'root', 'wrong-password-1', '**/login');
    await page.locator('.arco-message', { hasText: 'Wrong username or password' }).waitFor();
    await loginUi(page, app.url, 'root', 'root-pass-1');
    await page.goto(`${app.url}/user`);
    await page.locator('.gw-user-page', { hasText: 'Users' }).waitFor();
    await page.goto(`${app.url}/setting?tab=ratelimit`);
    await page.locator('.gw-setting-page', { hasText: 'Model request rate limit' }).waitFor();

    // Back to Chinese and light.
    await page.click('.gw-lang-switch');
    await page.locator('.arco-dropdown-menu-item', { hasText: '中文' }).click();
    await page.locator('.gw-setting-page', { hasText: '模型请求速率限制' }).waitFor();
    await page.click('.gw-theme-switch');
    await page.reload();
    await page.locator('.gw-setting-page', { hasText: '模型请求速率限制' }).waitFor();
    expect(await page.getAttribute('body', 'arco-theme')).toBeNull();
    expect(errors).toEqual([]);
  });
});
