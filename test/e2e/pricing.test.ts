import type { Browser, Page } from 'playwright-core';
import { createUser, setOption, setupRoot } from '../support/fixtures';
import { createChannel } from '../support/relay-fixtures';
import { REPO_ROOT, startApp, type TestApp } from '../support/test-app';
import { launchBrowser, loginUi, toastMatching, watchErrors } from './browser';

/**
 * The public /pricing page (docs/pricing.md#the-page): signed out it prices the default group, signed
 * in the user's group; a group tag switches the viewed group; the search waits for the input method.
 */
describe('console: public pricing page', () => {
  let app: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp({ WEB_DIST_DIR: REPO_ROOT }), launchBrowser()]);
    const root = await setupRoot(app.url);
    await setOption(root, 'ModelRatio', JSON.stringify({ 'e2e-tok': 1.5, 'gpt-e2e': 0.5 }));
    await setOption(root, 'CompletionRatio', JSON.stringify({ 'e2e-tok': 3 }));
    await setOption(root, 'ModelPrice', JSON.stringify({ 'e2e-call': 0.1 }));
    await setOption(root, 'GroupRatio', JSON.stringify({ default: 1, vip: 2 }));
    // vip is not offered to others: only its members see it.
    await setOption(root, 'UserUsableGroups', JSON.stringify({ default: 'Default' }));
    await createChannel(root, { key: 'k-e2e', base_url: 'https://api.openai.com', group: 'default,vip', models: 'e2e-call,e2e-tok,gpt-e2e' });
    const vip = await createUser(root, 'pr_vip_ui');
    await root.put('/api/user/', { id: vip.id, group: 'vip' });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const row = (page: Page, model: string) => page.locator('.gw-pricing-table tbody tr', { hasText: model });
  const modelNames = (page: Page) => page.locator('.gw-pricing-table tbody .gw-model-name').allInnerTexts();

  it('signed out: default-group prices, order, IME-aware search and copy of the selected models', async () => {
    const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${app.url}/pricing`);
    await row(page, 'e2e-tok').waitFor();
    expect(await page.locator('.gw-pricing-banner-group').innerText()).toContain('您还未登录，显示的价格为默认分组倍率：1');
    expect(await page.locator('.gw-pricing-banner-formula').innerText()).toContain('/ 500000');
    // Per token first (gpt* first among them), then per call.
    expect(await modelNames(page)).toEqual(['gpt-e2e', 'e2e-tok', 'e2e-call']);
    // 1.5 × 2 × 1 = $3 per 1M prompt tokens, × 3 = $9 completion; per call 0.1 × 1.
    expect(await row(page, 'e2e-tok').locator('.gw-price').innerText()).toMatch(/提示 \$3\.00 \/ 1M tokens\s+补全 \$9\.00 \/ 1M tokens/);
    expect(await row(page, 'e2e-call').locator('.gw-price').innerText()).toContain('$0.10 / 次');
    expect(await row(page, 'gpt-e2e').locator('.gw-price').innerText()).toContain('$1.00');

    // Mid-composition the half-typed text does not filter; the committed text does.
    const search = page.locator('.gw-pricing-search input');
    await search.focus();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Input.imeSetComposition', { text: 'tok', selectionStart: 3, selectionEnd: 3 });
    await page.waitForFunction(() => (document.querySelector('.gw-pricing-search input') as HTMLInputElement).value === 'tok');
    expect(await modelNames(page)).toHaveLength(3);
    await cdp.send('Input.insertText', { text: 'tok' });
    await page.waitForFunction(() => document.querySelectorAll('.gw-pricing-table tbody .gw-model-name').length === 1);
    expect(await modelNames(page)).toEqual(['e2e-tok']);
    await search.fill('E2E');
    await page.waitForFunction(() => document.querySelectorAll('.gw-pricing-table tbody .gw-model-name').length === 3);

    await row(page, 'gpt-e2e').locator('.arco-checkbox').click();
    await row(page, 'e2e-call').locator('.arco-checkbox').click();
    await page.click('.gw-pricing-copy');
    await toastMatching(page, /已复制：gpt-e2e,e2e-call/);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('gpt-e2e,e2e-call');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("signed in: the user's group prices, and a group tag switches to another usable group", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = watchErrors(page);
    await loginUi(page, app.url, 'pr_vip_ui', 'user-pass-1');
    await page.goto(`${app.url}/pricing`);
    await row(page, 'e2e-tok').waitFor();
    expect(await page.locator('.gw-pricing-banner-group').innerText()).toContain('您的分组为：vip，分组倍率为：2');
    // 1.5 × 2 × 2 = $6, × 3 = $18; per call 0.1 × 2.
    expect(await row(page, 'e2e-tok').locator('.gw-price').innerText()).toMatch(/提示 \$6\.00 \/ 1M tokens\s+补全 \$18\.00 \/ 1M tokens/);
    expect(await row(page, 'e2e-call').locator('.gw-price').innerText()).toContain('$0.20 / 次');
    expect(await row(page, 'e2e-tok').locator('.gw-ratios').innerText()).toContain('分组倍率：2');

    await row(page, 'e2e-tok').locator('.gw-group-switch', { hasText: 'default' }).click();
    await toastMatching(page, /当前查看的分组为：default，倍率为：1/);
    await page.waitForFunction(() => document.body.innerText.includes('$3.00 / 1M'));
    expect(await row(page, 'e2e-tok').locator('.gw-price').innerText()).toMatch(/提示 \$3\.00 \/ 1M tokens\s+补全 \$9\.00 \/ 1M tokens/);
    expect(await row(page, 'e2e-call').locator('.gw-price').innerText()).toContain('$0.10 / 次');
    expect(errors).toEqual([]);
    await context.close();
  });
});
