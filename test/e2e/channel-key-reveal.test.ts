import type { Browser, Page } from 'playwright-core';
import { createUser, setupRoot } from '../support/fixtures';
import { createChannel } from '../support/relay-fixtures';
import { REPO_ROOT, startApp, type TestApp } from '../support/test-app';
import { launchBrowser, loginUi, watchErrors } from './browser';

const KEY = 'sk-E2E-REVEAL-MARKER-7d41';

/**
 * The channel editor never loads a stored key: root sees an empty key field and a "reveal" button that
 * fetches it; an admin sees neither the key nor the button (docs/security/channel-credentials.md).
 */
describe('console: channel key reveal', () => {
  let app: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp({ WEB_DIST_DIR: REPO_ROOT }), launchBrowser()]);
    const root = await setupRoot(app.url);
    await createUser(root, 'reveal_admin', 'user-pass-1', 10);
    await createChannel(root, { name: 'reveal-ch', key: KEY, base_url: 'http://127.0.0.1:9', models: 'gpt-4o' });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  /** Signs in, opens the channel's editor and returns the page and its drawer. */
  async function openEditor(username: string, password: string): Promise<{ page: Page; errors: string[] }> {
    const page = await (await browser.newContext()).newPage();
    const errors = watchErrors(page);
    await loginUi(page, app.url, username, password);
    await page.goto(`${app.url}/channel`);
    await page.locator('.gw-channel-table tbody tr', { hasText: 'reveal-ch' }).locator('.gw-channel-edit').click();
    await page.locator('.gw-channel-drawer textarea.gw-channel-key').waitFor();
    return { page, errors };
  }

  it('root sees an empty key field and reads the key only after clicking reveal', async () => {
    const { page, errors } = await openEditor('root', 'root-pass-1');
    const drawer = page.locator('.gw-channel-drawer');
    expect(await drawer.locator('textarea.gw-channel-key').inputValue()).toBe('');
    expect(await page.content()).not.toContain(KEY);
    await drawer.locator('.gw-key-reveal').click();
    await page.waitForFunction(
      (key) =>
        (document.querySelector('.gw-channel-drawer textarea.gw-channel-key') as HTMLTextAreaElement | null)?.value ===
        key,
      KEY,
    );
    expect(await drawer.locator('.gw-key-reveal').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('an admin sees no reveal button and no key, and the credential fields are read-only', async () => {
    const { page, errors } = await openEditor('reveal_admin', 'user-pass-1');
    const drawer = page.locator('.gw-channel-drawer');
    await drawer.locator('.gw-credentials-locked').waitFor();
    expect(await drawer.locator('.gw-key-reveal').count()).toBe(0);
    expect(await drawer.locator('textarea.gw-channel-key').isDisabled()).toBe(true);
    expect(await drawer.locator('.gw-channel-base-url').isDisabled()).toBe(true);
    expect(await page.content()).not.toContain(KEY);
    expect(errors).toEqual([]);
  });
});
