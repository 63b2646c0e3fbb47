import type { Browser, Page } from 'playwright-core';
import { renderQuota } from '@gw/shared';
import { createUser, setupRoot } from '../support/fixtures';
import { Db } from '../support/relay-fixtures';
import { REPO_ROOT, startApp, type TestApp } from '../support/test-app';
import { launchBrowser, loginUi } from './browser';

const H = 3600;
const D = 24 * H;
/** Quota shown as the console shows it by default ($, 500,000 quota per unit). */
const money = (quota: number) => renderQuota(quota, { displayInCurrency: true, quotaPerUnit: 500_000 });

/**
 * The data dashboard (/detail) renders the totals of seeded hourly aggregates for the chosen range:
 * the default range (the last day), a range typed into the picker by day, and for an admin everyone
 * or one user. The charts draw (ECharts in its own chunk, under the console's CSP) without errors.
 */
describe('console: data dashboard', () => {
  let app: TestApp;
  let browser: Browser;
  let db: Db;
  const now = Math.floor(Date.now() / 1000);
  const hour = now - (now % H);

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp({ WEB_DIST_DIR: REPO_ROOT, TZ: 'UTC' }), launchBrowser()]);
    db = Db.open(app);
  });
  afterAll(async () => {
    db?.close();
    await browser?.close();
    await app?.close();
  });

  const seed = (userId: number, username: string, model: string, at: number, count: number, quota: number, tokens: number) =>
    db.exec('INSERT INTO quota_data (user_id, username, model_name, created_at, token_used, count, quota) VALUES (?, ?, ?, ?, ?, ?, ?)', [
      userId,
      username,
      model,
      at,
      tokens,
      count,
      quota,
    ]);

  async function openDashboard(username: string, password: string, dark = false): Promise<{ page: Page; problems: string[] }> {
    const context = await browser.newContext({ timezoneId: 'UTC', locale: 'en-US' });
    if (dark) await context.addInitScript(() => localStorage.setItem('theme-mode', 'dark'));
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('response', (r) => r.url().includes('/api/') && r.status() >= 400 && problems.push(`${r.status()} ${r.url()}`));
    await loginUi(page, app.url, username, password);
    await page.click('.arco-menu-item:has-text("Dashboard"), .arco-menu-item:has-text("数据看板")');
    await page.waitForURL('**/detail');
    return { page, problems };
  }
  const text = (page: Page, id: string) => page.getByTestId(`detail-${id}`).innerText();
  async function expectTotals(page: Page, quota: number, tokens: number, count: number): Promise<void> {
    await page.getByTestId('detail-range-count').filter({ hasText: new RegExp(`^${count}$`) }).waitFor();
    expect([await text(page, 'range-quota'), await text(page, 'range-tokens'), await text(page, 'range-count')]).toEqual([money(quota), String(tokens), String(count)]);
  }
  /** Types a range into the picker ("YYYY-MM-DD HH:mm", UTC like the browser) and confirms each end. */
  async function chooseRange(page: Page, from: number, to: number): Promise<void> {
    const fmt = (s: number) => new Date(s * 1000).toISOString().slice(0, 16).replace('T', ' ');
    const inputs = page.locator('.gw-detail-range input');
    for (const [i, v] of [fmt(from), fmt(to)].entries()) {
      await inputs.nth(i).click();
      await inputs.nth(i).fill(v);
      await inputs.nth(i).press('Enter');
    }
    await page.keyboard.press('Escape');
  }

  it('a user sees the totals of their own rows in the last day, then in a range chosen by day; the charts draw', async () => {
    const root = await setupRoot(app.url);
    const alice = await createUser(root, 'dash_alice');
    const bob = await createUser(root, 'dash_bob');
    await seed(alice.id, alice.username, 'gpt-4o', hour - 2 * H, 3, 1_000_000, 3000);
    await seed(alice.id, alice.username, 'claude-sonnet', hour - 5 * H, 2, 250_000, 700);
    await seed(alice.id, alice.username, 'gpt-4o', hour - 3 * D, 5, 500_000, 5000);
    await seed(alice.id, alice.username, 'gpt-4o', hour - 9 * D, 7, 700_000, 7000);
    await seed(bob.id, bob.username, 'gpt-4o', hour - H, 11, 110_000, 1100);

    const { page, problems } = await openDashboard(alice.username, alice.password);
    // Default (DataExportDefaultTime = hour): the last day, Alice's rows only.
    await expectTotals(page, 1_250_000, 3700, 5);
    await page.getByTestId('detail-chart-quota').locator('canvas').waitFor();
    await page.getByTestId('detail-chart-share').locator('canvas').waitFor();
    expect(await page.getByTestId('detail-username').count()).toBe(0);

    // The last 4 days, by day: the row of 3 days ago joins; the one of 9 days ago stays out.
    await chooseRange(page, hour - 4 * D, hour + H);
    await page.getByTestId('detail-granularity').getByText(/^(By day|按天)$/).click();
    await page.getByTestId('detail-search').click();
    await expectTotals(page, 1_750_000, 8700, 10);
    expect(problems).toEqual([]);
  });

  it('an admin sees everyone, or one user by name; in the dark theme too', async () => {
    const { page, problems } = await openDashboard('root', 'root-pass-1', true);
    // Everyone in the last day: Alice's two recent rows and Bob's.
    await expectTotals(page, 1_360_000, 4800, 16);
    await page.getByTestId('detail-chart-count').locator('canvas').waitFor();
    await page.getByTestId('detail-username').fill('dash_bob');
    await page.getByTestId('detail-search').click();
    await expectTotals(page, 110_000, 1100, 11);
    await page.getByTestId('detail-username').fill('');
    await page.getByTestId('detail-search').click();
    await expectTotals(page, 1_360_000, 4800, 16);
    expect(problems).toEqual([]);
  });
});
