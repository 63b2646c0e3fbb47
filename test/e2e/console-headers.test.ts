import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { setupRoot } from '../support/fixtures';
import { REPO_ROOT, startApp, type TestApp } from '../support/test-app';
import { launchBrowser, loginUi, watchErrors } from './browser';

/** Records every CSP violation the page reports, from the first script on. */
async function watchCsp(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
}
const violations = (page: Page) => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp.slice());

/** Polls until `fn` yields a non-empty value (or 15 s pass) and returns it. */
async function eventually<T>(fn: () => Promise<T>): Promise<T | undefined> {
  const until = Date.now() + 15_000;
  let last: T | undefined;
  while (Date.now() < until) {
    last = await fn().catch(() => undefined);
    if (last) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
  return last;
}

/** A page on another origin that frames `urls` (one iframe each). */
function framingSite(urls: string[]): Promise<Server> {
  const html = `<!doctype html><body>${urls.map((u, i) => `<iframe id="f${i}" src="${u}"></iframe>`).join('')}</body>`;
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html));
  return new Promise((r) => server.listen(0, '127.0.0.1', () => r(server)));
}

/**
 * Signs in and opens the admin and user pages, a drawer and a toast (components that position
 * themselves with inline styles); returns what went wrong on the way.
 */
async function tourConsole(browser: Browser, app: TestApp) {
  const context = await browser.newContext();
  await watchCsp(context);
  const page = await context.newPage();
  const errors = watchErrors(page);
  const policyMessages: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) policyMessages.push(m.text());
  });
  const home = await page.goto(`${app.url}/`);
  expect(home?.headers()['content-security-policy']).toContain("script-src 'self'");
  await loginUi(page, app.url, 'root', 'root-pass-1');
  for (const path of ['/channel', '/user', '/setting', '/log', '/personal', '/token']) {
    await page.goto(`${app.url}${path}`);
    await page.locator('.arco-layout-content, #root > *').first().waitFor();
    await page.waitForLoadState('networkidle');
  }
  await page.goto(`${app.url}/channel`);
  await page.click('.gw-add-channel');
  await page.locator('.gw-channel-drawer .gw-submit').click();
  await page.locator('.arco-message').first().waitFor();
  const found = { violations: await violations(page), policyMessages, errors };
  await context.close();
  return found;
}

/** Serves a directory (a console bundle) from another origin, like a CDN; records what was asked. */
async function staticSite(dir: string): Promise<Server & { served: string[] }> {
  const types: Record<string, string> = { '.js': 'application/javascript', '.css': 'text/css', '.html': 'text/html' };
  const served: string[] = [];
  const server = createServer((req, res) => {
    const file = join(dir, normalize(decodeURIComponent((req.url ?? '/').split('?')[0])).replace(/^(\.\.[/\\])+/, ''));
    served.push(file);
    readFile(file)
      .then((body) =>
        res
          .writeHead(200, {
            'content-type': types[extname(file)] ?? 'application/octet-stream',
            'access-control-allow-origin': '*',
          })
          .end(body),
      )
      .catch(() => res.writeHead(404).end());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return Object.assign(server, { served });
}

/** Item 7 in a real browser: the console works under its CSP, and nobody can frame it. */
describe('console: security headers in the browser', () => {
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

  it('loads, signs in and opens the admin and user pages with no CSP violation', async () => {
    expect(await tourConsole(browser, app)).toEqual({ violations: [], policyMessages: [], errors: [] });
  });

  it('with the admin pages served from another origin (REMOTE_ADMIN_URL), they still load with no violation', async () => {
    const cdn = await staticSite(join(REPO_ROOT, 'frontend-admin', 'dist'));
    const remote = `http://127.0.0.1:${(cdn.address() as AddressInfo).port}/remoteEntry.js`;
    const other = await startApp({ WEB_DIST_DIR: REPO_ROOT, REMOTE_ADMIN_URL: remote });
    try {
      await setupRoot(other.url);
      expect(await tourConsole(browser, other)).toEqual({ violations: [], policyMessages: [], errors: [] });
      expect(cdn.served.some((f) => f.endsWith('remoteEntry.js'))).toBe(true);
      expect(cdn.served.some((f) => f.endsWith('.css'))).toBe(true);
    } finally {
      await other.close();
      await new Promise((r) => cdn.close(r));
    }
  });

  it('a page from another origin cannot frame the console', async () => {
    const consoleUrl = `${app.url}/login`;
    // The relay answer is not protected (no headers on that path): it shows that framing works here.
    const control = `${app.url}/v1/models`;
    const site = await framingSite([consoleUrl, control]);
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      const blocked: string[] = [];
      page.on('console', (m) => {
        if (/frame-ancestors|X-Frame-Options/i.test(m.text())) blocked.push(m.text());
      });
      await page.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/`);
      await page.waitForLoadState('load');
      const frameOf = async (id: string) => (await (await page.$(`#${id}`))!.contentFrame())!;
      // The control frame renders the gateway's JSON answer.
      expect(await eventually(() => frameOf('f1').then((f) => f.evaluate(() => document.body.innerText)))).toContain(
        'error',
      );
      // The console frame never shows the console: Chromium replaces it with its error page.
      const frame = await frameOf('f0');
      expect(await eventually(async () => (frame.url() === consoleUrl ? '' : frame.url()))).toMatch(/^chrome-error:/);
      expect(await frame.locator('.gw-login-form').count()).toBe(0);
      expect(blocked.join('\n')).toMatch(/frame-ancestors|X-Frame-Options/);
    } finally {
      await context.close();
      await new Promise((r) => site.close(r));
    }
  });
});
