import OpenAI from 'openai';
import { DEFAULT_MODEL_RATIO } from '@gw/shared';
import { MockUpstream } from '../mock-upstream/mock-upstream';
import { ApiClient } from '../support/api-client';
import { setOption, setupRoot } from '../support/fixtures';
import { createChannel, createToken, Db, eventually, fundedUser, sleep } from '../support/relay-fixtures';
import { startApp, type TestApp } from '../support/test-app';

const MODELS = [
  'm-retry',
  'm-same',
  'm-client',
  'm-net',
  'm-ban',
  'm-429',
  'm-noban',
  'm-stream',
  'm-map',
  'm-multi',
  'm-slow',
];

/** Upstream faults: retries, auto-disable, client disconnects, mid-stream resets, timeouts, channel options. */
describe('relay upstream faults', () => {
  let t: TestApp;
  let mock: MockUpstream;
  let root: ApiClient;
  let db: Db;
  let key: string;
  let userId: number;
  let client: OpenAI;
  const chan: Record<string, number> = {};

  const add = async (name: string, models: string, extra: Partial<Parameters<typeof createChannel>[1]> = {}) => {
    chan[name] = await createChannel(root, { name, key: name, base_url: mock.url, models, ...extra });
  };
  const channelRow = (id: number) => db.one('SELECT status, other_info FROM channels WHERE id = ?', [id]);
  let since = 0;
  /** The newest consumption log of `model` written during the current test. */
  const lastLog = (model: string) =>
    eventually(() =>
      db.one('SELECT * FROM logs WHERE type = 2 AND model_name = ? AND id > ? ORDER BY id DESC', [model, since]),
    );
  const post = (body: unknown, signal?: AbortSignal) =>
    fetch(`${t.url}/v1/chat/completions`, {
      method: 'POST',
      signal,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    mock = new MockUpstream();
    await mock.start();
    t = await startApp({ STREAMING_TIMEOUT: '2' });
    db = Db.open(t);
    root = await setupRoot(t.url);
    await setOption(
      root,
      'ModelRatio',
      JSON.stringify({ ...DEFAULT_MODEL_RATIO, ...Object.fromEntries(MODELS.map((m) => [m, 1])), 'm-up': 1 }),
    );
    await setOption(root, 'RetryTimes', '3');
    await setOption(root, 'LogErrorEnabled', 'true');
    await add('retry-hi', 'm-retry', { priority: 10 });
    await add('retry-lo', 'm-retry', { priority: 5 });
    await add('same-a', 'm-same');
    await add('same-b', 'm-same');
    await add('client-a', 'm-client', { priority: 10 });
    await add('client-b', 'm-client', { priority: 5 });
    await add('net-a', 'm-net', { priority: 10 });
    await add('net-b', 'm-net', { priority: 5 });
    await add('ban-401', 'm-ban');
    await add('rate-429', 'm-429');
    await add('noban-401', 'm-noban', { auto_ban: 0 });
    await add('stream', 'm-stream');
    await add('slow', 'm-slow');
    await add('mapped', 'm-map', {
      model_mapping: JSON.stringify({ 'm-map': 'm-up' }),
      status_code_mapping: JSON.stringify({ '418': 400 }),
      param_override: JSON.stringify({ temperature: 0.1 }),
      openai_organization: 'org-42',
    });
    chan.multi = await createChannel(root, { name: 'multi', key: 'mk-1\nmk-2', base_url: mock.url, models: 'm-multi' });
    const u = await fundedUser(root, 'faults', 100_000_000);
    userId = u.id;
    ({ key } = await createToken(u.client, { unlimited_quota: true }));
    client = new OpenAI({
      apiKey: key,
      baseURL: `${t.url}/v1`,
      maxRetries: 0,
      defaultHeaders: { 'accept-language': 'en' },
    });
  });
  afterAll(async () => {
    db.close();
    await t.close();
    await mock.close();
  });
  beforeEach(async () => {
    mock.reset();
    since = Number((await db.one('SELECT MAX(id) AS id FROM logs'))?.id ?? 0);
  });

  it('retries a 5xx on the next lower tier and charges once', async () => {
    mock.on('retry-hi', { status: 503 });
    const res = await client.chat.completions.create({ model: 'm-retry', messages: [{ role: 'user', content: 'x' }] });
    expect(res.choices[0].message.content).toBe('Hello from the mock.');
    expect(mock.byKey('retry-hi')).toHaveLength(1);
    expect(mock.byKey('retry-lo')).toHaveLength(1);
    const log = await lastLog('m-retry');
    expect(log.channel_id).toBe(chan['retry-lo']);
    expect(JSON.parse(log.other).admin_info.use_channel).toEqual([chan['retry-hi'], chan['retry-lo']]);
    expect(await db.all("SELECT id FROM logs WHERE type = 2 AND model_name = 'm-retry'")).toHaveLength(1);
    // The failure was logged as an error (LogErrorEnabled) only if the whole request failed: it did not.
    expect(await db.all("SELECT id FROM logs WHERE type = 6 AND model_name = 'm-retry'")).toHaveLength(0);
  });

  it('never retries on a channel that already failed, and answers the last error', async () => {
    mock.on('same-a', { status: 500 });
    mock.on('same-b', { status: 502 });
    await expect(client.chat.completions.create({ model: 'm-same', messages: [] })).rejects.toMatchObject({
      status: expect.any(Number),
    });
    expect(mock.byKey('same-a')).toHaveLength(1);
    expect(mock.byKey('same-b')).toHaveLength(1);
    const err = await eventually(() => db.one("SELECT * FROM logs WHERE type = 6 AND model_name = 'm-same'"));
    expect(JSON.parse(err.other).admin_info.use_channel).toHaveLength(2);
    // Refunded: nothing billed.
    expect(await db.all("SELECT id FROM logs WHERE type = 2 AND model_name = 'm-same'")).toHaveLength(0);
  });

  it('does not retry a client error (400) and does not penalise the channel', async () => {
    await setOption(root, 'AutomaticDisableChannelEnabled', 'true');
    mock.on('client-a', { status: 400, errorMessage: 'bad parameter temperature', errorType: 'invalid_request_error' });
    await expect(client.chat.completions.create({ model: 'm-client', messages: [] })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('bad parameter'),
    });
    expect(mock.byKey('client-b')).toHaveLength(0);
    expect((await channelRow(chan['client-a'])).status).toBe(1);
  });

  it('retries a connection reset before headers on another channel', async () => {
    mock.on('net-a', { resetBeforeHeaders: true });
    const res = await client.chat.completions.create({ model: 'm-net', messages: [{ role: 'user', content: 'x' }] });
    expect(res.choices).toHaveLength(1);
    expect(mock.byKey('net-b')).toHaveLength(1);
  });

  it('auto-disables on 401 with reason and time; never on 429; never without auto_ban', async () => {
    await setOption(root, 'AutomaticDisableChannelEnabled', 'true');
    mock.on('ban-401', { status: 401, errorMessage: 'Incorrect API key provided: ban-401' });
    mock.on('rate-429', { status: 429, errorMessage: 'Rate limit reached' });
    mock.on('noban-401', { status: 401 });
    await expect(client.chat.completions.create({ model: 'm-ban', messages: [] })).rejects.toMatchObject({
      status: 401,
    });
    for (let i = 0; i < 3; i++)
      await expect(client.chat.completions.create({ model: 'm-429', messages: [] })).rejects.toMatchObject({
        status: 429,
      });
    await expect(client.chat.completions.create({ model: 'm-noban', messages: [] })).rejects.toMatchObject({
      status: 401,
    });
    const banned = await eventually(async () => {
      const row = await channelRow(chan['ban-401']);
      return row.status === 3 ? row : null;
    });
    const info = JSON.parse(banned!.other_info);
    expect(info.status_reason).toContain('401');
    expect(info.status_reason).not.toContain('ban-401'); // the channel key never lands in the reason
    expect(Math.abs(info.status_time - Date.now() / 1000)).toBeLessThan(30);
    expect((await channelRow(chan['rate-429'])).status).toBe(1);
    expect((await channelRow(chan['noban-401'])).status).toBe(1);
    // The disabled channel is out of the routing index at once.
    await expect(client.chat.completions.create({ model: 'm-ban', messages: [] })).rejects.toMatchObject({
      status: 503,
    });
    await setOption(root, 'AutomaticDisableChannelEnabled', 'false');
  });

  it('client disconnect mid-stream: upstream aborted within 1 s, billed prompt + delivered output', async () => {
    mock.on('stream', { chunks: 50, chunkDelayMs: 50, chunkText: 'hello ' });
    const ac = new AbortController();
    const res = await post(
      { model: 'm-stream', stream: true, messages: [{ role: 'user', content: 'Say hello' }] },
      ac.signal,
    );
    const reader = res.body!.getReader();
    let text = '';
    while ((text.match(/"content":"hello "/g) ?? []).length < 3) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`stream ended early: ${text}`);
      text += new TextDecoder().decode(value);
    }
    const abortedAt = Date.now();
    ac.abort();
    await eventually(async () => mock.aborted === 1, 2000);
    expect(mock.aborted).toBe(1);
    expect(mock.abortTimes[0] - abortedAt).toBeLessThan(1000);
    const log = await lastLog('m-stream');
    const other = JSON.parse(log.other);
    expect(other.stream_status).toBe('client_closed');
    // "Say hello" = 2 tokens + 6 framing; a few "hello " tokens were delivered (not all 50).
    expect(log.prompt_tokens).toBe(8);
    expect(log.completion_tokens).toBeGreaterThanOrEqual(3);
    expect(log.completion_tokens).toBeLessThan(20);
    expect(log.quota).toBe(log.prompt_tokens + log.completion_tokens);
  });

  it('upstream reset mid-stream: the client gets a terminating error event; the charge covers what was delivered', async () => {
    mock.on('stream', { chunks: 10, resetAfterChunks: 4, chunkText: 'word ', chunkDelayMs: 20 });
    const stream = await client.chat.completions.create({
      model: 'm-stream',
      stream: true,
      messages: [{ role: 'user', content: 'go' }],
    });
    let text = '';
    await expect(
      (async () => {
        for await (const c of stream) text += c.choices[0]?.delta?.content ?? '';
      })(),
    ).rejects.toThrow(/interrupted/i);
    expect(text).toBe('word word word word ');
    const log = await lastLog('m-stream');
    expect(JSON.parse(log.other).stream_status).toBe('interrupted');
    expect(log.completion_tokens).toBe(5); // o200k: "word", " word" ×3, " "
  });

  // undici checks its timeouts on a coarse tick (up to ~1 s late on a busy machine): the mock's silences
  // are well past STREAMING_TIMEOUT (2 s) so the tests never race it.
  it('a stream silent for longer than STREAMING_TIMEOUT is cut with an error event', async () => {
    mock.on('stream', { chunks: 3, chunkDelayMs: 5000 });
    const res = await post({ model: 'm-stream', stream: true, messages: [{ role: 'user', content: 'x' }] });
    const started = Date.now();
    const body = await res.text();
    expect(Date.now() - started).toBeLessThan(4800);
    expect(body).toContain('stream_interrupted');
  });

  it('a first byte later than the timeout fails over (here: no other channel → 504)', async () => {
    mock.on('slow', { delayMs: 5000 });
    const res = await post({ model: 'm-slow', messages: [{ role: 'user', content: 'x' }] });
    expect(res.status).toBe(504);
    expect((await res.json()).error.code).toBe('timeout');
  });

  it('applies model_mapping, param_override, openai_organization and status_code_mapping', async () => {
    await client.chat.completions.create({
      model: 'm-map',
      messages: [{ role: 'user', content: 'x' }],
      temperature: 0.9,
    });
    const req = mock.byKey('mapped')[0];
    expect(req.body).toMatchObject({ model: 'm-up', temperature: 0.1 });
    expect(req.headers['openai-organization']).toBe('org-42');
    const log = await lastLog('m-map');
    expect(JSON.parse(log.other)).toMatchObject({ is_model_mapped: true, upstream_model_name: 'm-up' });
    mock.on('mapped', { status: 418 });
    await expect(client.chat.completions.create({ model: 'm-map', messages: [] })).rejects.toMatchObject({
      status: 400,
    });
  });

  it('spreads a multi-key channel over its keys', async () => {
    for (let i = 0; i < 20; i++)
      await client.chat.completions.create({ model: 'm-multi', messages: [{ role: 'user', content: 'x' }] });
    expect(mock.byKey('mk-1').length).toBeGreaterThan(0);
    expect(mock.byKey('mk-2').length).toBeGreaterThan(0);
  });

  it('pins a channel with sk-…-{id} for admins only', async () => {
    const rootToken = await createToken(root, { unlimited_quota: true });
    await root.put('/api/user/', { id: 1, quota: 1_000_000 });
    const pinned = new OpenAI({
      apiKey: `${rootToken.key}-${chan['retry-lo']}`,
      baseURL: `${t.url}/v1`,
      maxRetries: 0,
    });
    await pinned.chat.completions.create({ model: 'm-retry', messages: [{ role: 'user', content: 'x' }] });
    expect(mock.byKey('retry-lo')).toHaveLength(1);
    expect(mock.byKey('retry-hi')).toHaveLength(0);
    const userPinned = new OpenAI({ apiKey: `${key}-${chan['retry-lo']}`, baseURL: `${t.url}/v1`, maxRetries: 0 });
    await expect(userPinned.chat.completions.create({ model: 'm-retry', messages: [] })).rejects.toMatchObject({
      status: 403,
    });
    void userId;
    await sleep(0);
  });
});

describe('relay shutdown', () => {
  it('SIGTERM: a stream in flight finishes and is billed before the process exits', async () => {
    const mock = new MockUpstream();
    await mock.start();
    const t = await startApp();
    try {
      const root = await setupRoot(t.url);
      await createChannel(root, { key: 'up-term', base_url: mock.url, models: 'gpt-4o' });
      const u = await fundedUser(root, 'term', 1_000_000);
      const { key } = await createToken(u.client);
      mock.setDefault({ chunks: 10, chunkDelayMs: 100 });
      const res = await fetch(`${t.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'gpt-4o', stream: true, messages: [{ role: 'user', content: 'x' }] }),
      });
      const reader = res.body!.getReader();
      let text = new TextDecoder().decode((await reader.read()).value);
      const exited = new Promise((r) => t.process.once('exit', r));
      t.process.kill('SIGTERM');
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
      }
      expect(text).toContain('tok9');
      expect(text).toContain('[DONE]');
      await exited;
      const db = Db.open(t);
      const log = await db.one('SELECT quota FROM logs WHERE type = 2 AND user_id = ?', [u.id]);
      db.close();
      expect(log.quota).toBe(113);
    } finally {
      await t.close();
      await mock.close();
    }
  });
});
