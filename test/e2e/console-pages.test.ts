import type { Browser, Page } from 'playwright-core';
import type { ApiClient } from '../support/api-client';
import { setupRoot } from '../support/fixtures';
import { createChannel } from '../support/relay-fixtures';
import { REPO_ROOT, startApp, type TestApp } from '../support/test-app';
import { launchBrowser, loginUi, watchErrors } from './browser';

/** Behaviour of the channel, token and log pages that does not need an upstream. */
describe('console: channel, token and log pages', () => {
  let app: TestApp;
  let browser: Browser;
  let root: ApiClient;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp({ WEB_DIST_DIR: REPO_ROOT }), launchBrowser()]);
    root = await setupRoot(app.url);
    await createChannel(root, {
      name: 'team-a-1',
      key: 'k1',
      base_url: 'http://127.0.0.1:9',
      models: 'gpt-4o',
      tag: 'team-a',
    } as never);
    await createChannel(root, {
      name: 'team-a-2',
      key: 'k2',
      base_url: 'http://127.0.0.1:9',
      models: 'gpt-4o-mini',
      tag: 'team-a',
      priority: 3,
    } as never);
    page = await (await browser.newContext()).newPage();
    errors = watchErrors(page);
    await loginUi(page, app.url, 'root', 'root-pass-1');
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('channel editor: validation messages, the /v1 warning and the key needed to fetch models', async () => {
    await page.goto(`${app.url}/channel`);
    await page.click('.gw-add-channel');
    const drawer = page.locator('.gw-channel-drawer');
    await drawer.locator('.gw-submit').click();
    await page.locator('.arco-message', { hasText: '请填写渠道名称和渠道密钥！' }).waitFor();

    await drawer.locator('.gw-fetch-models').click();
    await page.locator('.arco-message', { hasText: '请填写密钥' }).waitFor();

    await drawer.locator('.gw-channel-name-input').fill('v1 channel');
    await drawer.locator('textarea.gw-channel-key').fill('key-a');
    await drawer.locator('.gw-submit').click();
    await page.locator('.arco-message', { hasText: '请至少选择一个模型！' }).waitFor();

    await drawer.locator('input.gw-custom-model').fill('gpt-4o');
    await drawer.locator('input.gw-custom-model').press('Enter');
    const mapping = drawer.locator('.arco-form-item', { hasText: '模型重定向' }).locator('textarea');
    await mapping.fill('{"gpt-4o": ');
    await drawer.locator('.gw-submit').click();
    await page.locator('.arco-message', { hasText: '模型映射必须是合法的 JSON 格式！' }).waitFor();
    await mapping.fill('');

    // Several keys: the multi-key view, and batch creation offered.
    await drawer.locator('textarea.gw-channel-key').fill('key-a\nkey-b');
    await drawer.locator('.gw-multi-key-list').waitFor();
    await drawer.locator('.gw-batch-create').waitFor();
    await drawer.locator('.gw-multi-key-toggle').click();
    await drawer.locator('textarea.gw-channel-key').waitFor();

    await drawer.locator('.gw-channel-base-url').fill('https://api.example.com/v1');
    await drawer.locator('.gw-submit').click();
    const confirm = page.locator('.arco-modal', { hasText: '确认 API 地址' });
    await confirm.waitFor();
    await confirm.locator('.arco-btn-secondary').click();
    await drawer.locator('.gw-channel-base-url').fill('https://api.example.com/');
    await drawer.locator('.gw-submit').click();
    await page.getByText('渠道创建成功！').waitFor();
    const created = (await root.get('/api/channel/?p=0&page_size=50')).body.data.items.find(
      (c: { name: string }) => c.name === 'v1 channel',
    );
    expect(created).toMatchObject({
      base_url: 'https://api.example.com',
      models: 'gpt-4o',
      group: 'default',
      priority: 0,
      weight: 0,
      auto_ban: 1,
      type: 1,
    });
  });

  it('channel list: inline weight below 0 becomes 0, tag mode groups rows and is remembered, columns are remembered', async () => {
    await page.goto(`${app.url}/channel`);
    const row = page.locator('.gw-channel-table tbody tr', { hasText: 'team-a-1' });
    const weight = row.locator('.gw-channel-weight input');
    await weight.fill('-5');
    await weight.press('Enter');
    await page.locator('.arco-message', { hasText: '渠道更新成功！' }).first().waitFor();
    const items = (await root.get('/api/channel/?p=0&page_size=50')).body.data.items;
    expect(items.find((c: { name: string }) => c.name === 'team-a-1').weight).toBe(0);

    await page.click('.gw-tag-mode');
    const tagRow = page.locator('.gw-channel-table tbody tr', { hasText: '标签：team-a' });
    await tagRow.waitFor();
    await tagRow.getByText('2 个渠道').waitFor();
    // Priorities 0 and 3 differ: the tag's priority is blank.
    expect(await tagRow.locator('.gw-tag-priority input').inputValue()).toBe('');
    await page.reload();
    await page.locator('.gw-channel-table tbody tr', { hasText: '标签：team-a' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('enable-tag-mode'))).toBe('true');
    await page.click('.gw-tag-mode');
    await page.locator('.gw-channel-table tbody tr', { hasText: 'team-a-2' }).waitFor();

    await page.click('.gw-columns-button');
    await page.locator('.gw-column-settings [data-column="response_time"]').click();
    await page.click('.gw-columns-ok');
    await page.reload();
    await page.locator('.gw-channel-table tbody tr').first().waitFor();
    expect(await page.locator('.gw-channel-table thead').innerText()).not.toContain('响应时间');
    expect(
      JSON.parse((await page.evaluate(() => localStorage.getItem('channels-table-columns'))) ?? '{}'),
    ).toMatchObject({ response_time: false, name: true });
  });

  it('tokens: batch creation with suffixes, status toggle, edit', async () => {
    await page.goto(`${app.url}/token`);
    await page.locator('.gw-token-warning').waitFor();
    await page.click('.gw-add-token');
    const drawer = page.locator('.gw-token-drawer');
    await drawer.locator('.gw-token-name-input').fill('batch');
    await drawer.getByRole('button', { name: '20', exact: true }).click();
    await drawer.locator('.arco-form-item', { hasText: '新建数量' }).locator('input').fill('3');
    await drawer.getByRole('button', { name: '一天' }).click();
    await drawer.locator('.gw-submit').click();
    await page.getByText('已创建 3 个令牌').waitFor();
    const names = (await root.get('/api/token/?p=0&size=50')).body.data.items
      .map((t: { name: string }) => t.name)
      .sort();
    expect(names[0]).toBe('batch');
    expect(names.slice(1)).toEqual([
      expect.stringMatching(/^batch-[A-Za-z0-9]{6}$/),
      expect.stringMatching(/^batch-[A-Za-z0-9]{6}$/),
    ]);
    const tokens = (await root.get('/api/token/?p=0&size=50')).body.data.items;
    const day = tokens.find((t: { name: string }) => t.name === 'batch').expired_time - Math.floor(Date.now() / 1000);
    expect(day).toBeGreaterThan(86000);
    expect(day).toBeLessThanOrEqual(86400);

    const row = page.locator('.gw-token-table tbody tr', {
      has: page.locator('.gw-token-name', { hasText: /^batch$/ }),
    });
    await row.locator('.gw-token-toggle').click();
    await row.locator('.gw-token-status', { hasText: '已禁用' }).waitFor();
    const id = tokens.find((t: { name: string }) => t.name === 'batch').id;
    expect((await root.get(`/api/token/${id}`)).body.data.status).toBe(2);
    await row.locator('.gw-token-toggle').click();
    await row.locator('.gw-token-status', { hasText: '已启用' }).waitFor();

    await row.locator('.gw-token-edit').click();
    await expect(page.locator('.gw-token-drawer .gw-token-name-input').inputValue()).resolves.toBe('batch');
    await page.locator('.gw-token-drawer .gw-token-name-input').fill('renamed');
    await page.locator('.gw-token-drawer .gw-submit').click();
    await page.getByText('令牌更新成功！').waitFor();
    await page.locator('.gw-token-table .gw-token-name', { hasText: /^renamed$/ }).waitFor();
  });

  it('log: column settings are stored, unparseable ones fall back, the type dropdown lists every type', async () => {
    await page.goto(`${app.url}/log`);
    await page.locator('.gw-log-summary').waitFor();
    expect(await page.locator('.gw-log-table thead').innerText()).toContain('模型');
    await page.click('.gw-columns-button');
    await page.locator('.gw-column-settings [data-column="model"]').click();
    await page.click('.gw-columns-ok');
    expect(await page.locator('.gw-log-table thead').innerText()).not.toContain('模型');
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('logs-table-columns'))) ?? '{}')).toMatchObject({
      model: false,
      time: true,
    });
    await page.reload();
    await page.locator('.gw-log-summary').waitFor();
    expect(await page.locator('.gw-log-table thead').innerText()).not.toContain('模型');

    // Select all, then reset to the defaults.
    await page.click('.gw-columns-button');
    await page.locator('.gw-columns-reset').click();
    await page.click('.gw-columns-ok');
    expect(await page.locator('.gw-log-table thead').innerText()).toContain('模型');

    await page.evaluate(() => localStorage.setItem('logs-table-columns', '{not json'));
    await page.reload();
    await page.locator('.gw-log-summary').waitFor();
    expect(await page.locator('.gw-log-table thead').innerText()).toContain('模型');

    await page.click('.gw-log-type');
    for (const label of ['全部', '充值', '消费', '管理', '系统', '签到', '错误'])
      await page.locator('.arco-select-option', { hasText: label }).first().waitFor();
    expect(errors).toEqual([]);
  });
});
