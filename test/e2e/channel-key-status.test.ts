import type { Browser, Page } from 'playwright-core';
import type { ApiClient } from '../support/api-client';
import { setOption, setupRoot } from '../support/fixtures';
import { createToken, fundedUser } from '../support/relay-fixtures';
import { REPO_ROOT, startApp, type TestApp } from '../support/test-app';
import { launchBrowser, loginUi, watchErrors } from './browser';

const KEYS = ['sk-e2e-multi-key-alpha-01', 'sk-e2e-multi-key-bravo-02', 'sk-e2e-multi-key-charlie-03'];

/**
 * The channel editor's key status list of a multi-key channel (docs/channel-types.md#multi-key-channels):
 * masked keys with state and reason, re-enabling a disabled key, choosing polling; in the channel list,
 * the channel's health (docs/relay.md#health-based-routing) once its unreachable keys opened their breakers.
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

  it('shows the health of the channel in the list: open once every key failed, each key in the tooltip', async () => {
    for (const [k, v] of Object.entries({
      ChannelHealthEnabled: 'true',
      ChannelHealthMinRequests: '1',
      ChannelHealthCoolDownSeconds: '600',
    }))
      await setOption(root, k, v);
    const user = await fundedUser(root, 'e2e-health', 1_000_000);
    const { key } = await createToken(user.client, {});
    // The upstream (port 9) refuses connections: each request opens the breaker of the key it tried.
    for (let i = 0; i < KEYS.length; i++) {
      const res = await fetch(`${app.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] }),
      });
      expect(res.status).toBe(502);
    }
    const page = await (await browser.newContext()).newPage();
    const errors = watchErrors(page);
    await loginUi(page, app.url, 'root', 'root-pass-1');
    await page.goto(`${app.url}/channel`);
    const tag = page.locator('.gw-channel-table tbody tr', { hasText: 'multi-key-ch' }).locator('.gw-channel-health');
    await tag.waitFor();
    expect(await tag.getAttribute('data-state')).toBe('open');
    expect(await tag.innerText()).toMatch(/Circuit open|已熔断/);
    await tag.hover();
    const tip = page.locator('.gw-health-tip');
    await tip.waitFor();
    const text = await tip.innerText();
    expect(text).toMatch(/(Key|密钥) 3/);
    expect(text).toMatch(/100%/);
    expect(errors).toEqual([]);
  });
});
