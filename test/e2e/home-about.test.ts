import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import type { ApiClient } from '../support/api-client';
import { setOption, setupRoot } from '../support/fixtures';
import { REPO_ROOT, startApp, type TestApp } from '../support/test-app';
import { launchBrowser, loginUi, watchErrors } from './browser';

/** Home, about and footer (docs/console.md "Home, about and footer"), and the layout a visitor sees. */
describe('console: home, about, footer', () => {
  let app: TestApp;
  let browser: Browser;
  let root: ApiClient;
  let site: Server;
  let siteUrl: string;

  beforeAll(async () => {
    // The operator's own home page, on another origin.
    site = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<h1 id="own-home">Own home page</h1>'));
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    [app, browser] = await Promise.all([startApp({ WEB_DIST_DIR: REPO_ROOT }), launchBrowser()]);
    root = await setupRoot(app.url);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await new Promise((resolve) => site.close(resolve));
  });

  it('default home: the API base URL with a copy button, and the docs link once set; no sidebar for visitors', async () => {
    await setOption(root, 'ServerAddress', 'https://gw.example.com');
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.goto(`${app.url}/`);
    expect(await page.locator('.gw-base-url input').inputValue()).toBe('https://gw.example.com');
    await page.locator('.gw-copy-base-url').waitFor();
    expect(await page.locator('.gw-hero-actions a[href="https://docs.example.com"]').count()).toBe(0);
    await setOption(root, 'general_setting.docs_link', 'https://docs.example.com');
    await page.reload();
    await page.locator('.gw-hero-actions a[href="https://docs.example.com"]').waitFor();

    for (const path of ['/pricing', '/about', '/login']) {
      await page.goto(`${app.url}${path}`);
      await page.locator('.gw-footer').waitFor();
      expect(await page.locator('.gw-sider').count()).toBe(0);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('home and about as a URL show in a frame the CSP allows; as Markdown through the sanitiser', async () => {
    await setOption(root, 'HomePageContent', `${siteUrl}/welcome`);
    await setOption(root, 'About', '# About us\n\n<img src=x onerror="window.__xss=1">');
    await setOption(root, 'Footer', '<b class="own-footer">Our footer</b>');
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.goto(`${app.url}/`);
    const frame = page.frameLocator('iframe.gw-home-content');
    await frame.locator('#own-home').waitFor();
    await page.locator('.gw-footer .own-footer', { hasText: 'Our footer' }).waitFor();
    await page.goto(`${app.url}/about`);
    await page.locator('.gw-about h1', { hasText: 'About us' }).waitFor();
    expect(await page.locator('.gw-about img[onerror]').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('signed in, the sidebar is back on console pages', async () => {
    const page = await (await browser.newContext()).newPage();
    await loginUi(page, app.url, 'root', 'root-pass-1');
    await page.goto(`${app.url}/pricing`);
    await page.locator('.gw-sider').waitFor();
  });
});
