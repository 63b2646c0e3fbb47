import type { Browser } from 'playwright-core';
import type { ApiClient } from '../support/api-client';
import { createUser, setupRoot } from '../support/fixtures';
import { Db } from '../support/relay-fixtures';
import { REPO_ROOT, startApp, type TestApp } from '../support/test-app';
import { launchBrowser, loginUi, toastMatching, watchErrors } from './browser';

/** An admin creates five codes in the console, copies them all, and one of them redeems (docs/redemption.md). */
describe('console: redemption codes', () => {
  let app: TestApp;
  let browser: Browser;
  let db: Db;
  let root: ApiClient;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp({ WEB_DIST_DIR: REPO_ROOT }), launchBrowser()]);
    db = Db.open(app);
    root = await setupRoot(app.url);
  });
  afterAll(async () => {
    db?.close();
    await browser?.close();
    await app?.close();
  });

  it('creates 5 codes, shows and copies them, and they are the stored ones', async () => {
    const context = await browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await loginUi(page, app.url, 'root', 'root-pass-1');
    await page.goto(`${app.url}/redemption`);

    await page.locator('.gw-redemption-add').click();
    const drawer = page.locator('.gw-redemption-drawer');
    // Arco puts an Input's class on the <input> itself, an InputNumber's on its wrapper.
    const field = (cls: string) => drawer.locator(`:is(input.${cls}, .${cls} input)`).first();
    await field('gw-redemption-name').fill('e2e five');
    await field('gw-redemption-quota').fill('2500');
    await field('gw-redemption-count').fill('5');
    await drawer.locator('.gw-submit').click();
    await toastMatching(page, /兑换码创建成功/);

    const dialog = page.locator('.gw-new-codes');
    await dialog.waitFor();
    const shown = (await dialog.locator('textarea').inputValue()).split('\n');
    expect(shown).toHaveLength(5);
    for (const key of shown) expect(key).toMatch(/^[A-Za-z0-9]{32}$/);
    await dialog.locator('.gw-copy-codes').click();
    await toastMatching(page, /已复制 5 个兑换码/);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.split('\n')).toEqual(shown);

    const stored = await db.all('SELECT "key", quota, status FROM redemptions WHERE name = ?', ['e2e five']);
    expect(stored.map((r) => r.key).sort()).toEqual([...shown].sort());
    for (const r of stored) expect([Number(r.quota), Number(r.status)]).toEqual([2500, 1]);

    // The table lists them; one redeems for a user.
    await dialog.locator('button', { hasText: '关闭' }).click();
    await page.locator('.gw-redemption-table tr', { hasText: 'e2e five' }).first().waitFor();
    expect(await page.locator('.gw-redemption-table tr', { hasText: 'e2e five' }).count()).toBe(5);
    const user = await createUser(root, 'e2e_redeemer');
    expect((await user.client.post('/api/user/topup', { key: shown[0] })).body).toMatchObject({ success: true, data: { quota: 2500, is_gift: false } });
    await page.reload();
    await page.locator('.gw-redemption-status', { hasText: '已使用' }).first().waitFor();
    expect(errors).toEqual([]);
  });

  it('edits a code: the expiry typed into the picker is stored in epoch seconds', async () => {
    const created = await root.post('/api/redemption/', { name: 'e2e edit', quota: 10 });
    const key = created.body.data[0] as string;
    const page = await (await browser.newContext()).newPage();
    const errors = watchErrors(page);
    await loginUi(page, app.url, 'root', 'root-pass-1');
    await page.goto(`${app.url}/redemption`);
    await page.locator('.gw-redemption-table tr', { hasText: 'e2e edit' }).locator('.gw-action-edit').click();
    const drawer = page.locator('.gw-redemption-drawer');
    const until = drawer.locator('.gw-redemption-valid-until input');
    await until.click();
    await until.fill('2030-01-02 03:04:05');
    await until.press('Enter');
    await drawer.locator('.gw-submit').click();
    await toastMatching(page, /兑换码更新成功/);
    const row = await db.one('SELECT valid_from, valid_until FROM redemptions WHERE "key" = ?', [key]);
    expect(Number(row.valid_from)).toBe(0);
    expect(Number(row.valid_until)).toBe(Math.floor(new Date(2030, 0, 2, 3, 4, 5).getTime() / 1000));
    expect(errors).toEqual([]);
  });
});
