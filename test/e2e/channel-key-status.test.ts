import type { Browser, Page } from 'playwright-core';
import type { ApiClient } from '../support/api-client';
import { setupRoot } from '../support/fixtures';
import { REPO_ROOT, startApp, type TestApp } from '../support/test-app';
import { launchBrowser, loginUi, watchErrors } from './browser';

const KEYS = ['sk-e2e-multi-key-alpha-01', 'sk-e2e-multi-key-bravo-02', 'sk-e2e-multi-key-charlie-03'];

/**
 * The channel editor's key status list of a multi-key channel (docs/channel-types.md#multi-key-channels):
 * masked keys with state and reason, re-enabling a disabled key, choosing polling.
 */
describe('console: multi-key channel key status', () => {
  let app: TestApp;
  let browser: Browser;
  let root: ApiClient;
  let channelId: number;
  const manage = async (action: string, extra: Record<string, unknown> = {}) =>
    (await root.post('/api/channel/multi_key/manage', { channel_id: channelId, action, ...extra })).body.data;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp({ WEB_DIST_DIR: REPO_ROOT }), launchBrowser()]);
    root = await setupRoot(app.url);
    const res = await root.post('/api/channel/', {
      name: 'multi-key-ch',
      type: 1,
      key: KEYS.join('\n'),
      base_url: 'http://127.0.0.1:9',
      models: 'gpt-4o',
    });
    channelId = res.body.data.id;
    await manage('disable_key', { key_index: 1 });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  async function openEditor(): Promise<{ page: Page; errors: string[] }> {
    const page = await (await browser.newContext()).newPage();
    const errors = watchErrors(page);
    await loginUi(page, app.url, 'root', 'root-pass-1');
    await page.goto(`${app.url}/channel`);
    await page.locator('.gw-channel-table tbody tr', { hasText: 'multi-key-ch' }).locator('.gw-channel-edit').click();
    await page.locator('.gw-channel-drawer .gw-key-status-table tbody tr').first().waitFor();
    return { page, errors };
  }

  it('lists the keys masked with their state; a disabled key is enabled again; polling is chosen', async () => {
    const { page, errors } = await openEditor();
    const rows = page.locator('.gw-channel-drawer .gw-key-status-table tbody tr');
    expect(await rows.count()).toBe(3);
    expect(await rows.nth(0).innerText()).toContain('sk-…a-01');
    expect(await rows.nth(1).innerText()).toContain('disabled by root');
    const html = await page.content();
    for (const key of KEYS) expect(html).not.toContain(key);

    await rows.nth(1).locator('.gw-key-enable').click();
    await rows.nth(1).locator('.gw-key-disable').waitFor();
    expect((await manage('get_key_status')).keys.map((k: { status: number }) => k.status)).toEqual([1, 1, 1]);

    await page.locator('.gw-channel-drawer .gw-key-mode label', { hasText: /polling|轮询/ }).click();
    await page.waitForFunction(() => document.querySelector('.arco-message'));
    expect((await root.get(`/api/channel/${channelId}`)).body.data.multi_key_mode).toBe('polling');
    expect(errors).toEqual([]);
  });
});
