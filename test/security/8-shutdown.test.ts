import { MockUpstream } from '../mock-upstream/mock-upstream';
import type { ApiClient } from '../support/api-client';
import { createUser, setOption, setupRoot } from '../support/fixtures';
import { expectLedger, type DeliveredResponse } from '../support/ledger-invariant';
import { createChannel, createToken, Db, eventually } from '../support/relay-fixtures';
import { startApp, TEST_DB, type TestApp } from '../support/test-app';

/**
 * Issue #11, item 8 (docs/security/shutdown.md): after SIGTERM the gateway refuses new work, lets
 * requests in flight finish for SHUTDOWN_DRAIN_SECONDS, then cuts the streams still running with a
 * terminating error event in the client's format, settles them (prompt + delivered output), flushes
 * its writes and exits. Before, a stream longer than the drain kept the process alive past 60 s.
 * Every case ends with the ledger invariant over its own user and token, read after the exit.
 */
const MODEL = 'gpt-4o';
/** A stream of 120 events, one every 500 ms: a minute, far beyond any drain in these tests. */
const LONG = { chunks: 120, chunkDelayMs: 500, chunkText: 'word ' };
/** A stream of about a second. */
const SHORT = { chunks: 8, chunkDelayMs: 150, chunkText: 'word ' };
const TOKEN_QUOTA = 10_000_000;
/** Generous bound for "exits within drain + a few seconds" on a busy machine (the old code took > 60 s). */
const EXIT_SLACK_MS = 15_000;

interface OpenStream {
  status: number;
  requestId?: string;
  /** Resolves when the first content event arrived. */
  started: Promise<void>;
  /** Everything received, once the response ended (or failed). */
  done: Promise<{ text: string; error?: string }>;
}

/** Opens a streaming relay call and reads it as a client would, event by event. */
async function openStream(url: string, headers: Record<string, string>, body: object): Promise<OpenStream> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  let text = '';
  let markStarted!: () => void;
  const started = new Promise<void>((r) => (markStarted = r));
  const done = (async () => {
    try {
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { done: end, value } = await reader.read();
        if (end) break;
        text += decoder.decode(value, { stream: true });
        if (/word/.test(text)) markStarted();
      }
      return { text };
    } catch (err) {
      return { text, error: String(err) };
    } finally {
      markStarted();
    }
  })();
  return { status: res.status, requestId: res.headers.get('x-oneapi-request-id') ?? undefined, started, done };
}

/** Sends `signal` and resolves with the exit code and how long the exit took (ms). */
function exitAfter(t: TestApp, signal: NodeJS.Signals): Promise<{ code: number | null; ms: number }> {
  const from = Date.now();
  const exited = new Promise<{ code: number | null; ms: number }>((resolve) =>
    t.process.once('exit', (code) => resolve({ code, ms: Date.now() - from })),
  );
  t.process.kill(signal);
  return exited;
}

/** Waits for the exit up to `ms`; null if the process is still alive then. */
async function exitWithin(exit: Promise<{ code: number | null; ms: number }>, ms: number) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((r) => (timer = setTimeout(() => r(null), ms)));
  try {
    return await Promise.race([exit, late]);
  } finally {
    clearTimeout(timer);
  }
}

describe(`8. shutdown finishes (${TEST_DB})`, () => {
  let mock: MockUpstream;
  let running: TestApp | undefined;
  let db: Db | undefined;

  beforeAll(async () => {
    mock = new MockUpstream();
    await mock.start();
  });
  afterEach(async () => {
    mock.reset();
    db?.close();
    db = undefined;
    if (running?.process.exitCode === null && running.process.signalCode === null) running.process.kill('SIGKILL');
    await running?.close('SIGKILL');
    running = undefined;
  });
  afterAll(() => mock?.close());

  /** A gateway with one OpenAI channel on the mock and one funded customer with a limited token. */
  async function gateway(env: Record<string, string>) {
    const t = await startApp({ NODE_NAME: `shutdown-${TEST_DB}`, ...env });
    running = t;
    db = Db.open(t);
    const root: ApiClient = await setupRoot(t.url);
    await createChannel(root, { key: 'sd-long', base_url: mock.url, models: MODEL, name: 'long' });
    const u = await createUser(root, 'customer');
    const funded = await root.put('/api/user/', { id: u.id, quota: 50_000_000 });
    expect(funded.status).toBe(200);
    const token = await createToken(u.client, { remain_quota: TOKEN_QUOTA });
    const scope = { users: { [u.id]: 0 }, tokens: { [token.id]: TOKEN_QUOTA } };
    const chat = (body: object) =>
      openStream(
        `${t.url}/v1/chat/completions`,
        { authorization: `Bearer ${token.key}` },
        { model: MODEL, stream: true, ...body },
      );
    return { t, root, u, token, scope, chat, db: db! };
  }

  /**
   * Whether new relay requests are turned away (503 on a connection still open, or no connection
   * at all) within a few seconds of the signal.
   */
  async function turnedAway(g: { t: TestApp; token: { key: string } }): Promise<boolean> {
    const answer = () =>
      fetch(`${g.t.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${g.token.key}` },
        body: JSON.stringify({ model: MODEL, messages: [{ role: 'user', content: 'late' }] }),
      }).then(
        (res) => res.status,
        () => 0,
      );
    return eventually(async () => [503, 0].includes(await answer()), 5_000);
  }

  it('a stream longer than the drain is cut with an error event, settled, and the process exits soon after', async () => {
    mock.setDefault(LONG);
    const g = await gateway({ SHUTDOWN_DRAIN_SECONDS: '2' });
    const openai = await g.chat({ messages: [{ role: 'user', content: 'tell me a long story' }] });
    const anthropic = await openStream(
      `${g.t.url}/v1/messages`,
      { 'x-api-key': g.token.key, 'anthropic-version': '2023-06-01' },
      { model: MODEL, max_tokens: 1000, stream: true, messages: [{ role: 'user', content: 'and another' }] },
    );
    expect([openai.status, anthropic.status]).toEqual([200, 200]);
    await Promise.all([openai.started, anthropic.started]);

    const exit = await exitWithin(exitAfter(g.t, 'SIGTERM'), 2_000 + EXIT_SLACK_MS);
    expect(exit).not.toBeNull();
    expect(exit!.code).toBe(0);

    // OpenAI clients: an error event, then the end; no [DONE] (the answer is not complete).
    const a = await openai.done;
    expect(a.text).toMatch(/data: \{"error":\{[^\n]*"code":"service_unavailable"/);
    expect(a.text).not.toContain('[DONE]');
    expect(a.text.trimEnd().endsWith('}')).toBe(true);
    // Anthropic clients: `event: error`, no message_stop.
    const b = await anthropic.done;
    expect(b.text).toMatch(/event: error\ndata: \{"type":"error"/);
    expect(b.text).not.toContain('message_stop');

    // Read after the exit: both cut requests settled (no open reservation), charged as interrupted.
    for (const id of [openai.requestId, anthropic.requestId]) {
      const rows = await g.db.all(
        'SELECT quota, completion_tokens, other FROM logs WHERE type = 2 AND request_id = ?',
        [id],
      );
      expect(rows).toHaveLength(1);
      expect(JSON.parse(rows[0].other).stream_status).toBe('interrupted');
      expect(Number(rows[0].completion_tokens)).toBeGreaterThan(0);
    }
    const open = await g.db.all('SELECT * FROM reservations');
    expect(open).toEqual([]);
    await expectLedger(g.db, g.scope, 1_000);
  });

  it('a short stream in flight at SIGTERM completes normally and is charged; new requests are refused', async () => {
    mock.setDefault(SHORT);
    const g = await gateway({ SHUTDOWN_DRAIN_SECONDS: '10' });
    const short = await g.chat({
      messages: [{ role: 'user', content: 'hi' }],
      stream_options: { include_usage: true },
    });
    await short.started;
    const exit = exitAfter(g.t, 'SIGTERM');
    expect(await turnedAway(g)).toBe(true);

    const s = await short.done;
    expect(s.error).toBeUndefined();
    expect(s.text).toContain('data: [DONE]');
    expect(s.text).not.toMatch(/"error"/);
    const done = await exitWithin(exit, 10_000 + EXIT_SLACK_MS);
    expect(done?.code).toBe(0);

    const rows = await g.db.all('SELECT quota, other FROM logs WHERE type = 2 AND request_id = ?', [short.requestId]);
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0].other).stream_status ?? 'complete').not.toBe('interrupted');
    expect(Number(rows[0].quota)).toBeGreaterThan(0);
    const delivered: DeliveredResponse[] = [{ userId: g.u.id, requestId: short.requestId }];
    await expectLedger(g.db, { ...g.scope, delivered }, 1_000);
  });

  it('a second SIGTERM cuts the drain short: streams are cut and settled at once', async () => {
    mock.setDefault(LONG);
    // A drain longer than the test's own patience: only the second signal can end it in time.
    const g = await gateway({ SHUTDOWN_DRAIN_SECONDS: '120' });
    const stream = await g.chat({ messages: [{ role: 'user', content: 'long' }] });
    await stream.started;
    const first = exitAfter(g.t, 'SIGTERM');
    // The first signal has started the drain once new requests are turned away; then the second.
    expect(await turnedAway(g)).toBe(true);
    g.t.process.kill('SIGTERM');
    const exit = await exitWithin(first, EXIT_SLACK_MS);
    expect(exit).not.toBeNull();
    expect(exit!.code).toBe(0);
    const text = (await stream.done).text;
    expect(text).toMatch(/data: \{"error":/);
    const rows = await g.db.all('SELECT other FROM logs WHERE type = 2 AND request_id = ?', [stream.requestId]);
    expect(rows).toHaveLength(1);
    expect(await g.db.all('SELECT * FROM reservations')).toEqual([]);
    await expectLedger(g.db, g.scope, 1_000);
  });

  it('writes still waiting in memory (usage rows, error logs) are flushed before the exit', async () => {
    mock.setDefault({});
    // Batches every 10 minutes: only the shutdown's flush can write these rows in time.
    const g = await gateway({ BATCH_UPDATE_INTERVAL_MS: '600000' });
    await setOption(g.root, 'LogErrorEnabled', 'true');
    const ok = await fetch(`${g.t.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${g.token.key}` },
      body: JSON.stringify({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(ok.status).toBe(200);
    const requestId = ok.headers.get('x-oneapi-request-id');
    mock.on('sd-long', { status: 500 });
    const failed = await fetch(`${g.t.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${g.token.key}` },
      body: JSON.stringify({ model: MODEL, messages: [{ role: 'user', content: 'fails' }] }),
    });
    expect(failed.status).toBeGreaterThanOrEqual(500);
    const exit = await exitWithin(exitAfter(g.t, 'SIGTERM'), EXIT_SLACK_MS);
    expect(exit?.code).toBe(0);
    expect(await g.db.all('SELECT id FROM logs WHERE type = 2 AND request_id = ?', [requestId])).toHaveLength(1);
    expect(await g.db.all('SELECT id FROM logs WHERE type = 6 AND user_id = ?', [g.u.id])).toHaveLength(1);
    await expectLedger(g.db, { ...g.scope, delivered: [{ userId: g.u.id, requestId: requestId ?? undefined }] }, 1_000);
  });
});
