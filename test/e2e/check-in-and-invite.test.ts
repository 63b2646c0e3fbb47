import type { Browser } from 'playwright-core';
import { ApiClient } from '../support/api-client';
import { createUser, setOption, setupRoot } from '../support/fixtures';
import { expectLedger } from '../support/ledger-invariant';
import { Db } from '../support/relay-fixtures';
import { REPO_ROOT, startApp, type TestApp } from '../support/test-app';
import { launchBrowser, loginUi, toastMatching, watchErrors } from './browser';

/**
 * On /personal a user checks in (the button then stays disabled, also after a reload) and moves
 * invite earnings to the balance through the invite card (minimum and "not enough" refused first).
 */
describe('console: daily check-in and invite earnings transfer', () => {
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

  it('checks in once and transfers invite earnings', async () => {
    const root = await setupRoot(app.url);
    await setOption(root, 'CheckInEnabled', 'true');
    await setOption(root, 'CheckInQuota', '500000');
    await setOption(root, 'QuotaForInviter', '1200000');
    const bob = await createUser(root, 'bob');
    const code = (await bob.client.get('/api/user/aff')).body.data as string;
    const reg = await new ApiClient(app.url).post('/api/user/register', {
      username: 'carol',
      password: 'password1',
      password2: 'password1',
      aff_code: code,
    });
    expect(reg.body.success).toBe(true);

    const page = await (await browser.newContext()).newPage();
    const errors = watchErrors(page);
    await loginUi(page, app.url, 'bob', 'user-pass-1');
    await page.goto(`${app.url}/personal`);

    // Check in: the toast names the amount, the button turns into "already checked in today".
    const button = page.locator('.gw-check-in-button');
    await page.locator('.gw-check-in-button:enabled', { hasText: '立即签到' }).click();
    await toastMatching(page, /签到成功，获得 \$1\.00/);
    await button.filter({ hasText: '今日已签到' }).waitFor();
    expect(await button.isDisabled()).toBe(true);
    await page.locator('.gw-balance', { hasText: '$1.00' }).waitFor();
    await page.reload();
    await button.filter({ hasText: '今日已签到' }).waitFor();
    expect(await button.isDisabled()).toBe(true);

    // Transfer: below one unit, then more than pending, then one unit.
    const invite = page.locator('.gw-invite');
    await invite.getByText('$2.40').first().waitFor(); // pending and total earnings
    await invite.locator('.gw-transfer').click();
    const modal = page.locator('.gw-transfer-modal');
    const amount = modal.locator('input');
    const submit = async (value: string) => {
      await amount.fill(value);
      await amount.press('Tab');
      await modal.locator('.arco-btn-primary').click();
    };
    await submit('100');
    await toastMatching(page, /划转金额最低为 \$1\.00/);
    await submit('2000000');
    await toastMatching(page, /邀请额度不足！/);
    await submit('500000');
    await toastMatching(page, /划转成功/);
    await page.locator('.gw-balance', { hasText: '$2.00' }).waitFor();
    await invite.getByText('$1.40').first().waitFor(); // pending after the transfer
    expect(errors).toEqual([]);

    const row = await db.one('SELECT quota, aff_quota, aff_history_quota FROM users WHERE id = ?', [bob.id]);
    expect([Number(row.quota), Number(row.aff_quota), Number(row.aff_history_quota)]).toEqual([1_000_000, 700_000, 1_200_000]);
    await expectLedger(db, { users: { [bob.id]: 0 } });
  });
});
