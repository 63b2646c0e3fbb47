import OpenAI from 'openai';
import type { Browser, Page } from 'playwright-core';
import { MockUpstream } from '../mock-upstream/mock-upstream';
import type { ApiClient } from '../support/api-client';
import { setupRoot } from '../support/fixtures';
import { createToken, fundedUser } from '../support/relay-fixtures';
import { REPO_ROOT, startApp, type TestApp } from '../support/test-app';
import { launchBrowser, toastMatching, loginUi, watchErrors } from './browser';

/**
 * Issue 5 "Must show": root creates a channel pointing at a mock upstream in the console, tests it (the
 * time is shown), creates a token, calls /v1/chat/completions with the official openai client using that
 * key, and finds the call in /log with the right quota and tokens; a second user sees only their rows.
 */
describe('console: operate the relay (channel → test → token → call → log)', () => {
  let app: TestApp;
  let browser: Browser;
  let mock: MockUpstream;
  let root: ApiClient;

  beforeAll(async () => {
    mock = new MockUpstream();
    await mock.start();
    [app, browser] = await Promise.all([startApp({ WEB_DIST_DIR: REPO_ROOT }), launchBrowser()]);
    root = await setupRoot(app.url);
    // Root pays for its own calls like anyone else.
    const me = await root.get('/api/user/self');
    await root.put('/api/user/', { id: me.body.data.id, quota: 10_000_000 });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await mock?.close();
  });

  /** Query the log page for a token name until the row shows up (settlements are written in batches). */
  async function findLogRow(page: Page, tokenName: string, model: string) {
    await page.locator('.gw-log-token_name input').fill(tokenName);
    const row = page.locator('.gw-log-table tbody tr', { hasText: model });
    for (let i = 0; i < 20 && !(await row.count()); i++) {
      await page.click('.gw-log-query');
      await page.waitForTimeout(250);
    }
    await row.first().waitFor();
    return row.first();
  }

  it('creates and tests a channel, makes a call with a console-made token and finds it in the log', async () => {
    const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await loginUi(page, app.url, 'root', 'root-pass-1');

    // 1. The channel, through the editor drawer.
    await page.goto(`${app.url}/channel`);
    await page.click('.gw-add-channel');
    const drawer = page.locator('.gw-channel-drawer');
    await drawer.locator('.gw-channel-name-input').fill('mock upstream');
    await drawer.locator('.gw-channel-base-url').fill(`${mock.url}/`);
    await drawer.locator('textarea.gw-channel-key').fill('up-e2e');
    await drawer.locator('input.gw-custom-model').fill('gpt-4o, gpt-4o-mini');
    await drawer.locator('input.gw-custom-model').press('Enter');
    await drawer.locator('.gw-submit').click();
    await page.getByText('渠道创建成功！').waitFor();
    const channelRow = page.locator('.gw-channel-table tbody tr', { hasText: 'mock upstream' });
    await channelRow.waitFor();
    await channelRow.locator('.gw-response-time', { hasText: '未测试' }).waitFor();
    const listed = await root.get('/api/channel/?p=0&page_size=10');
    // The trailing slash of the base URL was removed before saving.
    expect(listed.body.data.items[0]).toMatchObject({
      name: 'mock upstream',
      base_url: mock.url,
      models: 'gpt-4o,gpt-4o-mini',
      group: 'default',
    });

    // 2. Test it: a success toast with the time, and the response-time badge.
    await channelRow.locator('.gw-channel-test').click();
    expect(await toastMatching(page, /测试成功/)).toMatch(/渠道 mock upstream 测试成功，耗时 \d+\.\d\d 秒。/);
    await channelRow.locator('.gw-response-time[data-level="green"]', { hasText: /\d+\.\d\d 秒/ }).waitFor();
    expect(mock.byKey('up-e2e').length).toBeGreaterThan(0);

    // 3. A token, through the token drawer; its key comes from the copy button.
    await page.goto(`${app.url}/token`);
    await page.locator('.gw-token-warning').waitFor();
    await page.click('.gw-add-token');
    await page.locator('.gw-token-drawer .gw-token-name-input').fill('e2e-token');
    await page.locator('.gw-token-drawer .gw-submit').click();
    await page.getByText('令牌创建成功，请在列表页面点击复制获取令牌！').waitFor();
    const tokenRow = page.locator('.gw-token-table tbody tr', { hasText: 'e2e-token' });
    await tokenRow.locator('.gw-token-status', { hasText: '已启用' }).waitFor();
    await tokenRow.locator('.gw-token-copy').click();
    await page.getByText('令牌已复制到剪贴板').waitFor();
    const key = await page.evaluate(() => navigator.clipboard.readText());
    // The API answers keys without sk- (as new-api does): the console shows and copies them with exactly one.
    expect(key).toMatch(/^sk-[A-Za-z0-9]{48}$/);
    const shown = await tokenRow.locator('.gw-token-key').innerText();
    expect(shown).toMatch(/^sk-[A-Za-z0-9]{4}\*+[A-Za-z0-9]{4}$/);
    expect(shown).not.toContain(key.slice(3));

    // 4. The call, with the official client.
    const client = new OpenAI({ apiKey: key, baseURL: `${app.url}/v1`, maxRetries: 0 });
    const res = await client.chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] });
    expect(res.choices[0].message.content).toBe('Hello from the mock.');
    expect(mock.byKey('up-e2e').at(-1)?.body.model).toBe('gpt-4o');

    // 5. The log: 10 prompt + 20 completion tokens; gpt-4o ratio 1.25, completion ratio 4:
    //    1.25 × (10 + 20 × 4) = 112.5 → 113 quota = $0.000226 at 500000 per dollar.
    await page.goto(`${app.url}/log`);
    const logRow = await findLogRow(page, 'e2e-token', 'gpt-4o');
    expect(await logRow.locator('.gw-log-prompt').innerText()).toBe('10');
    expect(await logRow.locator('.gw-log-completion').innerText()).toBe('20');
    expect(await logRow.locator('.gw-log-cost').innerText()).toBe('$0.000226');
    expect(await logRow.locator('.gw-log-type-tag').innerText()).toBe('消费');
    // Admin columns: the channel and the user.
    expect(await logRow.locator('.gw-log-user').innerText()).toContain('root');
    // The expanded row explains the charge, with the total the cost column shows (rounded like the charge).
    await logRow.locator('.arco-table-expand-icon-cell button').click();
    await page.locator('.gw-log-billing', { hasText: '计费：1 × 1.25 × (10 + 20 × 4) / 500000 = $0.000226' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a second user sees only their own rows, without the admin columns', async () => {
    const bob = await fundedUser(root, 'bob', 5_000_000);
    const { key } = await createToken(bob.client, { name: 'bob-token' });
    const client = new OpenAI({ apiKey: key, baseURL: `${app.url}/v1`, maxRetries: 0 });
    await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] });

    const page = await (await browser.newContext()).newPage();
    const errors = watchErrors(page);
    await loginUi(page, app.url, 'bob', bob.password);
    await page.goto(`${app.url}/log`);
    const own = await findLogRow(page, 'bob-token', 'gpt-4o-mini');
    expect(await own.locator('.gw-log-cost').innerText()).toMatch(/^\$0\.0000\d\d$/);
    // Without a token filter bob still sees only his own call: root's rows are not there.
    await page.locator('.gw-log-token_name input').fill('');
    await page.click('.gw-log-query');
    await page.locator('.gw-log-table tbody tr', { hasText: 'bob-token' }).first().waitFor();
    expect(await page.locator('.gw-log-table tbody tr', { hasText: 'e2e-token' }).count()).toBe(0);
    expect(await page.locator('.gw-log-table .gw-log-model', { hasText: /^gpt-4o$/ }).count()).toBe(0);
    // No channel, user or retry columns for a non-admin.
    expect(await page.locator('.gw-log-user').count()).toBe(0);
    const headers = await page.locator('.gw-log-table thead th').allInnerTexts();
    expect(headers.join('|')).not.toMatch(/渠道|用户|重试/);

    // Root sees bob's row too.
    const admin = await (await browser.newContext()).newPage();
    await loginUi(admin, app.url, 'root', 'root-pass-1');
    await admin.goto(`${app.url}/log`);
    await admin.locator('.gw-log-username input').fill('bob');
    const bobRow = await findLogRow(admin, 'bob-token', 'gpt-4o-mini');
    expect(await bobRow.locator('.gw-log-user').innerText()).toContain('bob');
    expect(errors).toEqual([]);
  });
});
