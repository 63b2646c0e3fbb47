import type { Browser } from 'playwright-core';
import { EpayMock } from '../mock-upstream/epay-mock';
import { createUser, setOption, setupRoot } from '../support/fixtures';
import { REPO_ROOT, startApp, type TestApp } from '../support/test-app';
import { launchBrowser, loginUi, watchErrors } from './browser';

/**
 * A user tops up online in the browser: the wallet prices the amount, the form goes to the Epay
 * stand-in, paying there notifies the server and brings the browser back to the wallet, which shows
 * the credit and the paid order.
 */
describe('console: online top-up through the Epay stand-in', () => {
  let app: TestApp;
  let browser: Browser;
  let epay: EpayMock;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp({ WEB_DIST_DIR: REPO_ROOT }), launchBrowser()]);
    epay = new EpayMock('1001', 'e2e-epay-key');
    await epay.start();
  });
  afterAll(async () => {
    await browser?.close();
    await epay?.close();
    await app?.close();
  });

  it('pays 10 units and sees the credit', async () => {
    const root = await setupRoot(app.url);
    const user = await createUser(root, 'wallet_user');
    for (const [k, v] of Object.entries({ PayAddress: epay.url, EpayId: '1001', EpayKey: 'e2e-epay-key', ServerAddress: app.url, Price: '7.3', MinTopUp: '2' }))
      await setOption(root, k, v);

    const page = await (await browser.newContext()).newPage();
    const errors = watchErrors(page);
    await loginUi(page, app.url, user.username, user.password);
    await page.goto(`${app.url}/topup?code=GIFT-CODE-1`);
    await page.locator('.gw-wallet-page').waitFor();
    expect(await page.locator('#redeem-code').inputValue()).toBe('GIFT-CODE-1');

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
    expect(quota).toBe(10 * 500_000);
    await page.locator('.gw-wallet-balance', { hasText: '10' }).waitFor();
    expect(errors).toEqual([]);
  });
});
