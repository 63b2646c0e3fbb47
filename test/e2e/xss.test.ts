import type { Browser } from 'playwright-core';
import { setOption, setupRoot } from '../support/fixtures';
import { REPO_ROOT, startApp, type TestApp } from '../support/test-app';
import { launchBrowser, watchErrors } from './browser';

const IMG = `<img src=x onerror="window.__xss='img';alert('img')">`;
const LINK = `<a id="bad-link" href="javascript:window.__xss='link';alert('link')">click me</a>`;
const SCRIPT = `<script>window.__xss='script'</script>`;
const SVG = `<svg><animate onbegin="window.__xss='svg'" attributeName="x" dur="1s"/></svg>`;

/** Admin-set HTML (Notice, Footer, HomePageContent) renders inert: nothing executes. */
describe('console: admin-set HTML is sanitised', () => {
  let app: TestApp;
  let browser: Browser;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp({ WEB_DIST_DIR: REPO_ROOT }), launchBrowser()]);
    const root = await setupRoot(app.url);
    await setOption(root, 'Notice', `Notice ${IMG} ${LINK}`);
    await setOption(root, 'Footer', `Footer ${IMG} ${LINK} ${SCRIPT}`);
    await setOption(
      root,
      'HomePageContent',
      `# Home\n\n${IMG}\n\n${LINK}\n\n${SVG}\n\n[md link](javascript:window.__xss='md')`,
    );
    await setOption(root, 'SystemName', `<img src=x onerror="window.__xss='name'">`);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('renders Notice, Footer and HomePageContent without running anything', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto(`${app.url}/`);
    await page.locator('.gw-home-content h1', { hasText: 'Home' }).waitFor();
    await page.locator('.gw-notice', { hasText: 'Notice' }).waitFor();
    await page.locator('.gw-footer', { hasText: 'Footer' }).waitFor();
    // Give broken images time to fire their (removed) handlers.
    await page.waitForTimeout(500);

    const dom = await page.evaluate(() => ({
      handlers: [...document.querySelectorAll('#root *')].filter((el) =>
        [...el.attributes].some((a) => a.name.startsWith('on')),
      ).length,
      scripts: document.querySelectorAll('#root script').length,
      jsLinks: [...document.querySelectorAll('#root a')].filter((a) =>
        /^\s*javascript:/i.test(a.getAttribute('href') ?? ''),
      ).length,
      links: document.querySelectorAll('#root a').length,
    }));
    expect(dom).toMatchObject({ handlers: 0, scripts: 0, jsLinks: 0 });
    expect(dom.links).toBeGreaterThan(0);

    // Clicking what is left of the links runs nothing either.
    for (const link of await page.locator('.gw-home-content a, .gw-notice a, .gw-footer a').all()) {
      await link.click({ modifiers: [] }).catch(() => undefined);
    }
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
    // The system name is shown as text.
    expect(await page.locator('.gw-system-name').innerText()).toContain('<img');
    expect(errors).toEqual([]);
  });
});
