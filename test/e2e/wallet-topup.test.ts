import type { Browser } from 'playwright-core';
import { EpayMock } from '../mock-upstream/epay-mock';
import { createUser, setOption, setupRoot } from '../support/fixtures';
import { expectLedger } from '../support/ledger-invariant';
import { Db } from '../support/relay-fixtures';
import { REPO_ROOT, startApp, type TestApp } from '../support/test-app';
import { launchBrowser, loginUi, watchErrors } from './browser';

/**
 * A user fills the wallet in the browser: a redemption code from the link (`?code=`) is redeemed and
 * the balance updates; then online top-up: the wallet prices the amount, the form goes to the Epay
 * stand-in, paying there notifies the server and brings the browser back to the wallet, which shows
 * the credit and the paid order. The ledger explains the balance at the end.
 */
describe('console: wallet redemption and online top-up through the Epay stand-in', () => {
  let app: TestApp;
  let browser: Browser;
  let epay: EpayMock;
  let db: Db;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp({ WEB_DIST_DIR: REPO_ROOT }), launchBrowser()]);
    db = Db.open(app);
    epay = new EpayMock('1001', 'e2e-epay-key');
    await epay.start();
  });
  afterAll(async () => {
    db?.close();
    await browser?.close();
    await epay?.close();
    await app?.close();
  });

  it('redeems a code from the link, then pays 10 units, and sees each credit', async () => {
    const root = await setupRoot(app.url);
    const user = await createUser(root, 'wallet_user');
    for (const [k, v] of Object.entries({ PayAddress: epay.url, EpayId: '1001', EpayKey: 'e2e-epay-key', ServerAddress: app.url, Price: '7.3', MinTopUp: '2' }))
      await setOption(root, k, v);

    const page = await (await browser.newContext()).newPage();
    const errors = watchErrors(page);
    await loginUi(page, app.url, user.username, user.password);
    const code = (await root.post('/api/redemption/', { name: 'wallet e2e', quota: 1_000_000 })).body.data[0] as string;
    await page.goto(`${app.url}/topup?code=${code}`);
    await page.locator('.gw-wallet-page').waitFor();
    expect(await page.locator('#redeem-code').inputValue()).toBe(code);
    await page.click('#redeem-submit');
    await page.locator('.gw-wallet-balance', { hasText: '2' }).waitFor();
    expect((await user.client.get('/api/user/self')).body.data.quota).toBe(1_000_000);
    expect(await page.locator('#redeem-code').inputValue()).toBe('');

    // The amount is clamped to MinTopUp; 10 costs 73.00.
    const amount = page.locator('.gw-wallet-online input').first();
    await page.locator('#topup-price', { hasText: '14.60' }).waitFor();
    await amount.fill('10');
    await amount.blur();
    await page.locator('#topup-price', { hasText: '73.00' }).waitFor();

    await page.click('#pay-zfb');
    await page.waitForURL(`${epay.url}/submit.php`);
    expect(await page.locator('#money').innerText()).toBe('73.00');
    await page.click('#pay');
    await page.waitForURL(`${app.url}/topup?pay=success`);
    await page.locator('.gw-wallet-page .arco-table-td', { hasText: '成功' }).first().waitFor();
    const quota = (await user.client.get('/api/user/self')).body.data.quota;
    expect(quota).toBe(1_000_000 + 10 * 500_000);
    await page.locator('.gw-wallet-balance', { hasText: '12' }).waitFor();
    expect(errors).toEqual([]);
    await expectLedger(db, { users: { [user.id]: 0 } });
  });
});
