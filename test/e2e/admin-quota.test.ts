import type { Browser } from 'playwright-core';
import { createUser, setupRoot } from '../support/fixtures';
import { Db, eventually } from '../support/relay-fixtures';
import { REPO_ROOT, startApp, type TestApp } from '../support/test-app';
import { launchBrowser, loginUi, watchErrors } from './browser';

/**
 * An admin edits a user's quota in the console while the user keeps spending: the drawer sends the
 * balance it loaded with the new one, the server applies the difference, and nothing spent meanwhile
 * is undone (docs/admin-quota.md).
 */
describe('console: editing a quota never undoes spending', () => {
  let app: TestApp;
  let browser: Browser;
  let db: Db;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp({ WEB_DIST_DIR: REPO_ROOT }), launchBrowser()]);
    db = Db.open(app);
  });
  afterAll(async () => {
    db?.close();
    await browser?.close();
    await app?.close();
  });

  it('keeps what was spent while the edit drawer was open', async () => {
    const root = await setupRoot(app.url);
    const bob = await createUser(root, 'bob_quota');
    expect((await root.put('/api/user/', { id: bob.id, quota: 100_000 })).body.success).toBe(true);
    const quota = async () => Number((await db.one('SELECT quota FROM users WHERE id = ?', [bob.id])).quota);

    const page = await (await browser.newContext()).newPage();
    const errors = watchErrors(page);
    await loginUi(page, app.url, 'root', 'root-pass-1');
    await page.goto(`${app.url}/user`);
    const row = page.locator('.gw-user-table tr', { hasText: 'bob_quota' });
    await row.locator('.gw-action-edit').click();
    const drawer = page.locator('.gw-edit-user-drawer');
    const quotaInput = drawer.locator('.arco-input-number input');
    await eventually(async () => (await quotaInput.inputValue()).replace(/\D/g, '') === '100000', 10_000);

    // Bob spends 30,000 while the drawer shows 100,000.
    await db.exec('UPDATE users SET quota = quota - 30000 WHERE id = ?', [bob.id]);

    await quotaInput.fill('150000');
    await drawer.locator('.gw-submit').click();
    await page.getByText('用户信息更新成功！').first().waitFor();
    // 150,000 − 100,000 added to the 70,000 left, not 150,000 set.
    expect(await quota()).toBe(120_000);
    const manage = await db.all('SELECT other FROM logs WHERE type = 3 AND user_id = ? ORDER BY id', [bob.id]);
    expect(JSON.parse(manage.at(-1).other)).toMatchObject({ quota_delta: 50_000, quota_before: 70_000, quota_after: 120_000 });
    expect(errors).toEqual([]);
  });
});
