import type { Browser, Page } from 'playwright-core';
import { ChatPageMock } from '../mock-upstream/chat-page-mock';
import { MockUpstream } from '../mock-upstream/mock-upstream';
import type { ApiClient } from '../support/api-client';
import { setOption, setupRoot } from '../support/fixtures';
import { createChannel, createToken, eventually, fundedUser } from '../support/relay-fixtures';
import { REPO_ROOT, startApp, type TestApp } from '../support/test-app';
import { launchBrowser, loginUi, toastMatching, watchErrors } from './browser';

/**
 * Issue 15 "Must show", playground: a user chats in /playground against a mock upstream — a streamed
 * Markdown reply (code highlighted, HTML made inert), a slow reply stopped mid-stream (the partial text
 * stays), an upstream error and a stream broken mid-way shown in the message — and the usage log bills
 * both delivered calls. Chat links: the configured page in a frame with the user's first enabled key,
 * the no-token message and /token, the token row's chat button and /chat2link.
 */
describe('console: playground and chat links', () => {
  let app: TestApp;
  let browser: Browser;
  let mock: MockUpstream;
  let chatSite: ChatPageMock;
  let root: ApiClient;

  beforeAll(async () => {
    mock = new MockUpstream();
    chatSite = new ChatPageMock();
    await Promise.all([mock.start(), chatSite.start()]);
    [app, browser] = await Promise.all([startApp({ WEB_DIST_DIR: REPO_ROOT }), launchBrowser()]);
    root = await setupRoot(app.url);
    await createChannel(root, { name: 'pg mock', key: 'pg-up', base_url: mock.url, models: 'gpt-4o,gpt-4o-mini', auto_ban: 0 });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await mock?.close();
    await chatSite?.close();
  });

  const lastReply = (page: Page) => page.locator('.gw-pg-message.gw-pg-assistant').last();

  async function ask(page: Page, text: string) {
    await page.locator('textarea.gw-pg-prompt').fill(text);
    await page.locator('.gw-pg-send').click();
  }

  it('streams a reply, stops one mid-stream, shows upstream errors, and both delivered calls are billed', async () => {
    const alice = await fundedUser(root, 'pg_alice', 5_000_000);
    const page = await (await browser.newContext()).newPage();
    const errors = watchErrors(page);
    await loginUi(page, app.url, alice.username, alice.password);
    await page.goto(`${app.url}/playground`);
    // gpt-4o-mini is preselected when offered.
    await page.locator('.gw-pg-model', { hasText: 'gpt-4o-mini' }).waitFor();
    await page.locator('textarea.gw-pg-system').fill('be brief');

    // 1. A streamed reply, split in the middle of its Markdown; model output is untrusted.
    mock.on('pg-up', {
      chunkTexts: ['Here is ', 'code:\n\n```py', 'thon\nprint("hi")\n```\n\n', '<img src=x onerror="window.__pwned=1"> done'],
      chunkDelayMs: 20,
    });
    await ask(page, 'show me code');
    await page.locator('.gw-pg-message.gw-pg-assistant[data-status="complete"]').waitFor();
    const first = lastReply(page);
    expect(await first.locator('code.hljs.language-python .hljs-built_in').innerText()).toBe('print');
    expect(await first.innerText()).toContain('done');
    expect(await first.locator('[onerror]').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    const sent = mock.byKey('pg-up').at(-1)!.body;
    expect(sent).toMatchObject({ model: 'gpt-4o-mini', stream: true, temperature: 0 });
    expect(sent.messages).toEqual([
      { role: 'system', content: 'be brief' },
      { role: 'user', content: 'show me code' },
    ]);
    expect(sent.max_tokens).toBeUndefined();

    // 2. A slow reply, stopped once some text arrived: the text stays, the gateway drops the upstream call.
    mock.on('pg-up', { chunks: 400, chunkText: 'slow ', chunkDelayMs: 100 });
    await ask(page, 'take your time');
    await page.locator('.gw-pg-message.gw-pg-assistant[data-status="incomplete"]', { hasText: 'slow slow' }).waitFor();
    await page.locator('.gw-pg-stop').click();
    await page.locator('.gw-pg-send').waitFor();
    const stopped = lastReply(page);
    expect(await stopped.getAttribute('data-status')).toBe('incomplete');
    expect(await stopped.innerText()).toMatch(/^(slow )*slow$/);
    expect(await eventually(async () => mock.aborted >= 1)).toBe(true);

    // Both calls are billed in the usage log.
    const billed = await eventually(async () => {
      const res = await alice.client.get('/api/log/self/?p=0&page_size=50&type=2');
      const items = (res.body.data.items ?? []) as Array<{ quota: number; model_name: string }>;
      return items.filter((r) => r.quota > 0 && r.model_name === 'gpt-4o-mini').length >= 2 ? items : null;
    });
    expect(billed).not.toBeNull();
    expect(billed!.filter((r) => r.quota > 0)).toHaveLength(2);
    await page.goto(`${app.url}/log`);
    await page.locator('.gw-log-table tbody tr', { hasText: 'gpt-4o-mini' }).nth(1).waitFor();

    // The conversation survived leaving the page.
    await page.goto(`${app.url}/playground`);
    await page.locator('.gw-pg-message').nth(3).waitFor();
    expect(await page.locator('.gw-pg-message').count()).toBe(4);

    // 3. The upstream refuses: its error is the reply, marked as an error.
    mock.on('pg-up', { status: 500, errorMessage: 'mock upstream exploded' });
    await ask(page, 'fail please');
    await page.locator('.gw-pg-message.gw-pg-assistant[data-status="error"]').waitFor();
    expect(await lastReply(page).innerText()).toContain('mock upstream exploded');
    expect(mock.byKey('pg-up').at(-1)!.body.messages).toEqual([
      { role: 'system', content: 'be brief' },
      { role: 'user', content: 'show me code' },
      { role: 'assistant', content: expect.stringContaining('Here is') },
      { role: 'user', content: 'take your time' },
      // The context carries the partial reply.
      { role: 'assistant', content: expect.stringMatching(/^(slow )+$/) },
      { role: 'user', content: 'fail please' },
    ]);

    // 4. A stream that breaks after some text: the text stays and the error is appended.
    mock.on('pg-up', { chunks: 5, chunkText: 'part ', resetAfterChunks: 2, chunkDelayMs: 500 });
    await ask(page, 'break midway');
    await page.locator('.gw-pg-message.gw-pg-assistant[data-status="error"]').nth(1).waitFor();
    const broken = await lastReply(page).innerText();
    expect(broken).toMatch(/^part( part)*\s+\S/);

    // 5. Clear context.
    await page.locator('.gw-pg-clear').click();
    await page.locator('.arco-popconfirm .arco-btn-primary').click();
    await page.locator('.gw-pg-empty').waitFor();
    expect(await page.locator('.gw-pg-message').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('the side panel collapses on a phone', async () => {
    const bob = await fundedUser(root, 'pg_bob', 1_000_000);
    const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    await loginUi(page, app.url, bob.username, bob.password);
    await page.goto(`${app.url}/playground`);
    await page.locator('.gw-pg-settings-collapse').waitFor();
    expect(await page.locator('.gw-pg-model').isVisible()).toBe(false);
    await page.locator('.gw-pg-settings-collapse .arco-collapse-item-header').click();
    await page.locator('.gw-pg-model').waitFor({ state: 'visible' });
    await context.close();
  });

  it('chat links: the frame gets the first enabled key; no enabled key sends the user to /token', async () => {
    const template = `${chatSite.url}/web/#/?settings={"key":"{key}","url":"{address}"}`;
    await setOption(root, 'Chats', JSON.stringify([{ 'Web Chat': template }, { Other: `${chatSite.url}/other?k={key}` }]));
    await setOption(root, 'ServerAddress', 'https://gw.example:8443');
    const carol = await fundedUser(root, 'pg_carol', 1_000_000);
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = watchErrors(page);
    await loginUi(page, app.url, carol.username, carol.password);

    // No token yet: the message, then the token page.
    await page.goto(`${app.url}/chat/0`);
    await toastMatching(page, /当前没有可用的启用令牌，请确认是否有令牌处于启用状态！/);
    await page.waitForURL('**/token');

    // A disabled token and an enabled one: the enabled key goes into the link.
    const off = await createToken(carol.client, { name: 'off' });
    await carol.client.put('/api/token/?status_only=true', { id: off.id, status: 2 });
    const on = await createToken(carol.client, { name: 'on' });
    await page.goto(`${app.url}/token`);
    // The sidebar lists the chat links.
    await page.locator('.gw-sidenav .arco-menu-inline-header', { hasText: /聊天/ }).waitFor();
    await page.locator('.gw-sidenav .arco-menu-item', { hasText: 'Web Chat' }).click();
    await page.waitForURL('**/chat/0');
    const frame = page.locator('iframe.gw-chat-frame');
    // The API answers the key without sk- (as new-api does); the console puts exactly one in the link.
    expect(on.key).toMatch(/^[A-Za-z0-9]{48}$/);
    const expected = `${chatSite.url}/web/#/?settings={"key":"sk-${on.key}","url":"${encodeURIComponent('https://gw.example:8443')}"}`;
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toBe(expected);
    // The Content-Security-Policy lets the configured origin into the frame: the stand-in page loads.
    await page.frameLocator('iframe.gw-chat-frame').locator('#chat-stand-in').waitFor();

    await page.goto(`${app.url}/chat/1`);
    expect(await page.locator('iframe.gw-chat-frame').getAttribute('src')).toBe(`${chatSite.url}/other?k=sk-${on.key}`);

    // The token row's chat button opens a link with that row's key in a new tab.
    await page.goto(`${app.url}/token`);
    const row = page.locator('.gw-token-table tbody tr', { hasText: 'off' });
    const [tab] = await Promise.all([context.waitForEvent('page'), row.locator('.gw-token-chat button').first().click()]);
    await tab.waitForURL(/\/web\//);
    expect(decodeURIComponent(tab.url())).toContain(`"key":"sk-${off.key}"`);
    await tab.close();

    // /chat2link goes to the first link.
    await page.goto(`${app.url}/chat2link`);
    await page.waitForURL(/\/web\//);
    expect(decodeURIComponent(page.url())).toContain(`"key":"sk-${on.key}"`);

    // Chat data that is not a list of links.
    await setOption(root, 'Chats', JSON.stringify(['not a link']));
    await page.goto(`${app.url}/chat/0`);
    await toastMatching(page, /聊天数据解析失败/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
