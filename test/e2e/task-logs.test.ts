import type { Browser, Page } from 'playwright-core';
import { ImageHostMock } from '../mock-upstream/image-mock';
import { createUser, ROOT, setupRoot } from '../support/fixtures';
import { Db } from '../support/relay-fixtures';
import { REPO_ROOT, startApp, type TestApp } from '../support/test-app';
import { launchBrowser, loginUi } from './browser';

/**
 * The drawing log (/midjourney) and the task log (/task) show seeded rows with their progress; the
 * image viewer opens on a drawing's image (served by a stand-in image host); a task row opens its record.
 */
describe('console: drawing and task logs', () => {
  let app: TestApp;
  let browser: Browser;
  let db: Db;
  const images = new ImageHostMock();
  let imageBase = '';
  const nowMs = Date.now();
  const nowS = Math.floor(nowMs / 1000);

  beforeAll(async () => {
    [app, browser, imageBase] = await Promise.all([startApp({ WEB_DIST_DIR: REPO_ROOT, TZ: 'UTC' }), launchBrowser(), images.start()]);
    db = Db.open(app);
  });
  afterAll(async () => {
    db?.close();
    await browser?.close();
    await app?.close();
    await images.stop();
  });

  async function open(username: string, password: string, path: string): Promise<{ page: Page; problems: string[] }> {
    const context = await browser.newContext({ timezoneId: 'UTC', locale: 'en-US' });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('response', (r) => r.url().includes('/api/') && r.status() >= 400 && problems.push(`${r.status()} ${r.url()}`));
    await loginUi(page, app.url, username, password);
    await page.goto(`${app.url}${path}`);
    return { page, problems };
  }

  it('shows drawings with progress and opens the image viewer; tasks with progress and their record', async () => {
    const root = await setupRoot(app.url);
    const alice = await createUser(root, 'tl_alice');
    const drawing = (mjId: string, status: string, progress: string, image: string | null, fail: string | null, ageMs: number) =>
      db.exec(
        "INSERT INTO midjourneys (code, user_id, action, mj_id, prompt, prompt_en, description, state, submit_time, start_time, finish_time, image_url, status, progress, fail_reason, channel_id, quota, buttons, properties, created_at) VALUES (1,?,'IMAGINE',?,'a red cat','','','',?,?,?,?,?,?,?,3,50000,'[]','{}',?)",
        [alice.id, mjId, nowMs - ageMs, nowMs - ageMs, status === 'SUCCESS' ? nowMs - ageMs + 4000 : 0, image, status, progress, fail, nowS],
      );
    await drawing('mj-done', 'SUCCESS', '100%', `${imageBase}/cat.png`, null, 120_000);
    await drawing('mj-running', 'IN_PROGRESS', '45%', null, null, 60_000);
    await drawing('mj-bad', 'FAILURE', '0%', 'javascript:alert(1)', 'the prompt was refused by the moderator', 30_000);
    await db.exec(
      "INSERT INTO tasks (created_at, updated_at, task_id, platform, user_id, channel_id, quota, action, status, fail_reason, submit_time, start_time, finish_time, progress, properties, data) VALUES (?,?,'suno-task-1','suno',?,3,100000,'MUSIC','IN_PROGRESS','',?,?,0,'30%','{}',?)",
      [nowS, nowS, alice.id, nowS - 60, nowS - 60, JSON.stringify([{ id: 'clip-1', title: 'sunny song' }])],
    );

    const { page, problems } = await open(alice.username, alice.password, '/midjourney');
    const table = page.locator('.gw-drawing-table');
    await table.locator('tr', { hasText: 'mj-running' }).waitFor();
    const running = table.locator('tr', { hasText: 'mj-running' });
    expect(await running.locator('.arco-progress').innerText()).toContain('45%');
    expect(await table.locator('tr', { hasText: 'mj-done' }).locator('.gw-tasklog-status').innerText()).toMatch(/^(Success|成功)$/);
    // An image URL that is not http(s) gets no viewer.
    expect(await table.locator('tr', { hasText: 'mj-bad' }).locator('.gw-tasklog-image').count()).toBe(0);
    await table.locator('tr', { hasText: 'mj-bad' }).locator('.gw-tasklog-fail').click();
    await page.locator('.gw-tasklog-fail-full', { hasText: 'the prompt was refused by the moderator' }).waitFor();
    await page.keyboard.press('Escape');
    // No admin banner for a user.
    expect(await page.locator('.gw-tasklog-notify-off').count()).toBe(0);

    await table.locator('tr', { hasText: 'mj-done' }).locator('.gw-tasklog-image').click();
    const img = page.locator('.arco-image-preview img');
    await img.waitFor();
    await page.waitForFunction(() => {
      const el = document.querySelector<HTMLImageElement>('.arco-image-preview img');
      return !!el && el.complete && el.naturalWidth === 1;
    });
    expect(images.requests).toContain('/cat.png');
    await page.keyboard.press('Escape');

    await page.goto(`${app.url}/task`);
    const tasks = page.locator('.gw-task-table');
    await tasks.locator('tr', { hasText: 'suno-task-1' }).waitFor();
    const row = tasks.locator('tr', { hasText: 'suno-task-1' });
    expect(await row.locator('.arco-progress').innerText()).toContain('30%');
    expect(await row.innerText()).toMatch(/Music|生成音乐/);
    await row.click();
    await page.locator('.gw-task-record', { hasText: 'sunny song' }).waitFor();
    expect(problems).toEqual([]);
  });

  it('an admin sees the callback banner and the channel column', async () => {
    const { page, problems } = await open(ROOT.username, ROOT.password, '/midjourney');
    await page.locator('.gw-tasklog-notify-off').waitFor();
    await page.locator('.gw-drawing-table tr', { hasText: 'mj-done' }).waitFor();
    expect(problems).toEqual([]);
  });
});
