import { connect as netConnect } from 'node:net';
import OpenAI from 'openai';
import { OpenAIRealtimeWS } from 'openai/realtime/ws';
import WebSocket from 'ws';
import { RealtimeMock, realtimeUsage } from '../mock-upstream/realtime-mock';
import { ApiClient } from '../support/api-client';
import { setOption, setupRoot } from '../support/fixtures';
import { expectLedger } from '../support/ledger-invariant';
import { sampleSum, scrapeMetrics } from '../support/prometheus-text';
import { createChannel, createToken, Db, eventually, fundedUser } from '../support/relay-fixtures';
import { startApp, type TestApp } from '../support/test-app';

const REALTIME_MODEL = 'gpt-realtime-test';

/** Prices of the suite's models: 2.5 × (text in + cached × 0.5 + audio in × 8 + text out × 4 + audio out × 8 × 2). */
async function priceModels(root: ApiClient): Promise<void> {
  await setOption(
    root,
    'ModelRatio',
    JSON.stringify({ [REALTIME_MODEL]: 2.5, 'azure-realtime': 2.5, 'claude-rt': 1, 'rt-down': 1 }),
  );
  await setOption(root, 'CompletionRatio', JSON.stringify({ [REALTIME_MODEL]: 4, 'azure-realtime': 4 }));
  await setOption(root, 'CacheRatio', JSON.stringify({ [REALTIME_MODEL]: 0.5 }));
  await setOption(root, 'AudioRatio', JSON.stringify({ [REALTIME_MODEL]: 8, 'azure-realtime': 8 }));
  await setOption(root, 'AudioCompletionRatio', JSON.stringify({ [REALTIME_MODEL]: 2, 'azure-realtime': 2 }));
}

/** The Realtime WebSocket relay: both key forms, frame relay, per-response billing, refusals. */
describe('realtime relay (GET /v1/realtime)', () => {
  let t: TestApp;
  let mock: RealtimeMock;
  let root: ApiClient;
  let db: Db;
  const MODEL = REALTIME_MODEL;
  const UPSTREAM_MODEL = 'gpt-realtime-upstream';
  // quota = 2.5 × (text in + cached × 0.5 + audio in × 8 + text out × 4 + audio out × 8 × 2)
  const FIRST = realtimeUsage({ textIn: 100, audioIn: 50, textOut: 20, audioOut: 30 });
  const FIRST_QUOTA = 2650; // 2.5 × (100 + 400 + 80 + 480)
  const SECOND = realtimeUsage({ textIn: 200, audioIn: 0, cached: 100, textOut: 10, audioOut: 0 });
  const SECOND_QUOTA = 475; // 2.5 × (100 + 50 + 40)
  const METRICS = 'realtime-metrics-token';

  beforeAll(async () => {
    mock = new RealtimeMock();
    await mock.start();
    t = await startApp({ METRICS_TOKEN: METRICS });
    db = Db.open(t);
    root = await setupRoot(t.url);
    await priceModels(root);
    await createChannel(root, {
      key: 'up-rt-key',
      base_url: mock.url,
      models: MODEL,
      model_mapping: JSON.stringify({ [MODEL]: UPSTREAM_MODEL }),
    });
    await createChannel(root, { type: 14, key: 'anthropic-key', base_url: mock.url, models: 'claude-rt' });
  });
  afterAll(async () => {
    db.close();
    await t.close();
    await mock.close();
  });
  beforeEach(() => mock.reset());

  const wsUrl = (query: string) => `${t.url.replace(/^http/, 'ws')}/v1/realtime?${query}`;
  /** The SDK always dials wss://; the gateway under test speaks plain ws on loopback. */
  const plain = {
    createConnection: (o: { host?: string; port?: number }) => netConnect({ host: '127.0.0.1', port: Number(o.port) }),
  };

  async function customer(name: string, quota: number) {
    const user = await fundedUser(root, `${name}${Math.floor(Math.random() * 1e6)}`.slice(0, 12), quota);
    const token = await createToken(user.client, { remain_quota: 1_000_000 });
    return { user, token };
  }

  const logsOf = (userId: number) => db.all('SELECT * FROM logs WHERE type = 2 AND user_id = ? ORDER BY id', [userId]);

  /** Collects a socket's events (JSON) and its close. */
  function watch(socket: WebSocket) {
    const events: any[] = [];
    const binary: Buffer[] = [];
    let closed: { code: number; reason: string } | null = null;
    socket.on('message', (data, isBinary) =>
      isBinary ? binary.push(data as Buffer) : events.push(JSON.parse(data.toString())),
    );
    socket.on('close', (code, reason) => (closed = { code, reason: reason.toString() }));
    const count = (type: string) => events.filter((e) => e.type === type).length;
    return {
      events,
      binary,
      count,
      closed: () => closed,
      until: (cond: () => boolean) => eventually(async () => cond(), 15_000).then((ok) => expect(ok).toBe(true)),
    };
  }

  it('bills each response of an SDK session (Bearer key) exactly, with ws and audio fields in the log', async () => {
    const { user, token } = await customer('rt', 1_000_000);
    const metricsBefore = await scrapeMetrics(t.url, METRICS);
    mock.script(FIRST, SECOND);
    const client = new OpenAI({ apiKey: token.key, baseURL: `${t.url}/v1`, maxRetries: 0 });
    const rt = new OpenAIRealtimeWS({ model: MODEL, options: plain as any }, client);
    const events: any[] = [];
    rt.on('event', (e) => events.push(e));
    const done = () => events.filter((e) => e.type === 'response.done').length;
    await eventually(async () => events.some((e) => e.type === 'session.created'));
    rt.send({ type: 'response.create', response: { instructions: 'Say hello.' } } as any);
    await eventually(async () => done() === 1);
    rt.send({ type: 'response.create' } as any);
    await eventually(async () => done() === 2);
    rt.close();

    // Every upstream event reached the client, in order.
    expect(events.map((e) => e.type)).toEqual([
      'session.created',
      ...Array(2)
        .fill([
          'response.created',
          'response.output_text.delta',
          'response.output_text.delta',
          'response.output_audio.delta',
          'response.done',
        ])
        .flat(),
    ]);
    const up = mock.connections[0];
    expect(up.url).toBe(`/v1/realtime?model=${UPSTREAM_MODEL}`);
    expect(up.headers.authorization).toBe('Bearer up-rt-key');
    expect(up.headers['openai-beta']).toBeUndefined();
    expect(up.frames.map((f: any) => f.type)).toEqual(['response.create', 'response.create']);

    const logs = await eventually(async () => ((await logsOf(user.id)).length === 2 ? logsOf(user.id) : null));
    expect(logs!.map((l: any) => Number(l.quota))).toEqual([FIRST_QUOTA, SECOND_QUOTA]);
    // Each response counts in the relay metrics as one delivered request of mode realtime, with its quota.
    const metricsAfter = await scrapeMetrics(t.url, METRICS);
    const moved = (name: string) =>
      sampleSum(metricsAfter, name, { mode: 'realtime', model: MODEL }) -
      sampleSum(metricsBefore, name, { mode: 'realtime', model: MODEL });
    expect(moved('gateway_relay_requests_total')).toBe(2);
    const quotaMoved = (s: typeof metricsAfter) => sampleSum(s, 'gateway_relay_quota_total', { model: MODEL });
    expect(quotaMoved(metricsAfter) - quotaMoved(metricsBefore)).toBe(FIRST_QUOTA + SECOND_QUOTA);
    expect(logs!.map((l: any) => [l.prompt_tokens, l.completion_tokens])).toEqual([
      [150, 50],
      [200, 10],
    ]);
    expect(new Set(logs!.map((l: any) => l.request_id)).size).toBe(2);
    const other = JSON.parse(logs![0].other);
    expect(other).toMatchObject({
      ws: true,
      audio: true,
      audio_input: 50,
      audio_output: 30,
      text_input: 100,
      text_output: 20,
      audio_ratio: 8,
      audio_completion_ratio: 2,
      model_ratio: 2.5,
      completion_ratio: 4,
      request_path: '/v1/realtime',
      is_model_mapped: true,
      upstream_model_name: UPSTREAM_MODEL,
    });
    expect(JSON.parse(logs![1].other)).toMatchObject({ ws: true, cache_tokens: 100, text_input: 200, audio_output: 0 });
    await expectLedger(db, {
      users: { [user.id]: 0 },
      tokens: { [token.id]: 1_000_000 },
      delivered: logs!.map((l: any) => ({ requestId: l.request_id, userId: user.id })),
    });
  });

  it('takes the key from the subprotocol, answers "realtime", relays binary frames and the beta header', async () => {
    const { user, token } = await customer('rtp', 1_000_000);
    mock.script(SECOND);
    const socket = new WebSocket(wsUrl(`model=${MODEL}`), [
      'realtime',
      `openai-insecure-api-key.sk-${token.key}`,
      'openai-beta.realtime-v1',
    ]);
    const w = watch(socket);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    expect(socket.protocol).toBe('realtime');
    await w.until(() => w.count('session.created') === 1);
    socket.send(Buffer.from([1, 2, 3, 250]));
    socket.send(JSON.stringify({ type: 'response.create' }));
    await w.until(() => w.count('response.done') === 1 && w.binary.length === 1);
    expect([...w.binary[0]]).toEqual([1, 2, 3, 250]);
    socket.close(1000, 'bye');
    await w.until(() => mock.connections[0].closed !== null);
    expect(mock.connections[0].closed!.code).toBe(1000);

    const up = mock.connections[0];
    expect(up.headers['openai-beta']).toBe('realtime=v1');
    expect(up.headers['sec-websocket-protocol']).toBeUndefined();
    expect(JSON.stringify(up.headers)).not.toContain(token.key);
    const logs = await eventually(async () => ((await logsOf(user.id)).length === 1 ? logsOf(user.id) : null));
    expect(Number(logs![0].quota)).toBe(SECOND_QUOTA);
    await expectLedger(db, { users: { [user.id]: 0 }, tokens: { [token.id]: 1_000_000 } });
  });

  it.each([
    // 1250 reserved per response (PreConsumedQuota 500 × 2.5): the first is charged 2650 (overage), then none is left
    ['runs out after a response', 2_000, 1],
    // 3000 − 2650 = 350 left: the next response.create cannot reserve 1250
    ['cannot pay for the next response', 3_000, 2],
  ])('closes the session with an insufficient_quota error event when the balance %s', async (_name, quota, creates) => {
    const { user, token } = await customer('rtq', quota);
    mock.script(FIRST, FIRST);
    const socket = new WebSocket(wsUrl(`model=${MODEL}`), { headers: { authorization: `Bearer sk-${token.key}` } });
    const w = watch(socket);
    await w.until(() => w.count('session.created') === 1);
    socket.send(JSON.stringify({ type: 'response.create' }));
    await w.until(() => w.count('response.done') === 1);
    if (creates === 2) socket.send(JSON.stringify({ type: 'response.create' }));
    await w.until(() => w.closed() !== null);
    const error = w.events.find((e) => e.type === 'error');
    expect(error.error).toMatchObject({ type: 'insufficient_quota', code: 'insufficient_quota' });
    expect(w.closed()!.code).toBe(1008);
    expect(w.count('response.done')).toBe(1);
    // The refused response.create never reached the upstream.
    expect(mock.connections[0].frames.filter((f: any) => f.type === 'response.create')).toHaveLength(1);

    const logs = await eventually(async () => ((await logsOf(user.id)).length === 1 ? logsOf(user.id) : null));
    expect(Number(logs![0].quota)).toBe(FIRST_QUOTA);
    await expectLedger(db, { users: { [user.id]: 0 }, tokens: { [token.id]: 1_000_000 } });
    expect(Number((await db.one('SELECT quota FROM users WHERE id = ?', [user.id])).quota)).toBe(quota - FIRST_QUOTA);
  });

  it('bills a response the server starts by itself (voice activity) like a requested one', async () => {
    const { user, token } = await customer('rtv', 1_000_000);
    mock.script(FIRST);
    const socket = new WebSocket(wsUrl(`model=${MODEL}`), { headers: { authorization: `Bearer sk-${token.key}` } });
    const w = watch(socket);
    await w.until(() => w.count('session.created') === 1);
    // The stand-in starts a response on a committed audio buffer, as server VAD does.
    socket.send(JSON.stringify({ type: 'input_audio_buffer.commit' }));
    await w.until(() => w.count('response.done') === 1);
    socket.close();
    const logs = await eventually(async () => ((await logsOf(user.id)).length === 1 ? logsOf(user.id) : null));
    expect(Number(logs![0].quota)).toBe(FIRST_QUOTA);
    await expectLedger(db, { users: { [user.id]: 0 }, tokens: { [token.id]: 1_000_000 } });
  });

  it('cancels a response under way when the client leaves, and bills the usage it reports', async () => {
    const { user, token } = await customer('rtl', 1_000_000);
    mock.script(SECOND);
    mock.holdResponses = true;
    const socket = new WebSocket(wsUrl(`model=${MODEL}`), { headers: { authorization: `Bearer sk-${token.key}` } });
    const w = watch(socket);
    await w.until(() => w.count('session.created') === 1);
    socket.send(JSON.stringify({ type: 'response.create' }));
    await w.until(() => w.count('response.output_text.delta') === 1);
    socket.close(1000);
    await w.until(() => mock.connections[0].closed !== null);
    expect(mock.connections[0].frames.map((f: any) => f.type)).toEqual(['response.create', 'response.cancel']);
    const logs = await eventually(async () => ((await logsOf(user.id)).length === 1 ? logsOf(user.id) : null));
    expect(Number(logs![0].quota)).toBe(SECOND_QUOTA);
    await expectLedger(db, { users: { [user.id]: 0 }, tokens: { [token.id]: 1_000_000 } });
  });

  /** The HTTP answer to an upgrade the gateway refuses. */
  function refusal(url: string, headers: Record<string, string>, protocols: string[] = []) {
    return new Promise<{ status: number; body: any }>((resolve, reject) => {
      const socket = new WebSocket(url, protocols, { headers });
      socket.on('open', () => reject(new Error('upgraded')));
      socket.on('error', () => undefined);
      socket.on('unexpected-response', (_req, res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
      });
    });
  }

  it('refuses a bad key before the upgrade (header or subprotocol), in the OpenAI error format', async () => {
    const bad = await refusal(wsUrl(`model=${MODEL}`), { authorization: 'Bearer sk-not-a-real-key' });
    expect(bad.status).toBe(401);
    expect(bad.body.error).toMatchObject({ code: 'invalid_api_key' });
    const viaProtocol = await refusal(wsUrl(`model=${MODEL}`), {}, ['realtime', 'openai-insecure-api-key.sk-nope']);
    expect(viaProtocol.status).toBe(401);
    const none = await refusal(wsUrl(`model=${MODEL}`), {});
    expect(none.status).toBe(401);
    // Other routes are not WebSocket routes: an upgrade there gets their plain HTTP answer.
    const elsewhere = await refusal(`${t.url.replace(/^http/, 'ws')}/v1/models`, {});
    expect(elsewhere.status).toBe(401);
    // Without an upgrade: 426 in the OpenAI error format.
    const plainGet = await fetch(`${t.url}/v1/realtime?model=${MODEL}`);
    expect(plainGet.status).toBe(426);
    expect((await plainGet.json()).error.code).toBe('upgrade_required');
    expect(mock.connections).toHaveLength(0);
  });

  it('refuses a model whose channels cannot serve Realtime (400, not 503), and a missing model', async () => {
    const { token } = await customer('rtc', 1_000_000);
    const auth = { authorization: `Bearer sk-${token.key}` };
    const unsupported = await refusal(wsUrl('model=claude-rt'), auth);
    expect(unsupported.status).toBe(400);
    expect(unsupported.body.error.code).toBe('realtime_not_supported');
    const missing = await refusal(wsUrl(''), auth);
    expect(missing.status).toBe(400);
    // An upstream that cannot be reached: 502 before the upgrade, nothing reserved.
    await createChannel(root, { key: 'down-key', base_url: 'http://127.0.0.1:1', models: 'rt-down' });
    const down = await refusal(wsUrl('model=rt-down'), auth);
    expect(down.status).toBe(502);
    expect(down.body.error.code).toBe('upstream_unreachable');
    expect(mock.connections).toHaveLength(0);
  });

  it('relays to an Azure channel on its deployment URL with api-key', async () => {
    await createChannel(root, {
      type: 3,
      key: 'azure-rt-key',
      base_url: mock.url,
      models: 'azure-realtime',
      other: '2025-04-01-preview',
    });
    const { user, token } = await customer('rta', 1_000_000);
    mock.script(FIRST);
    const socket = new WebSocket(wsUrl('model=azure-realtime'), {
      headers: { authorization: `Bearer sk-${token.key}` },
    });
    const w = watch(socket);
    await w.until(() => w.count('session.created') === 1);
    socket.send(JSON.stringify({ type: 'response.create' }));
    await w.until(() => w.count('response.done') === 1);
    socket.close();
    const up = mock.connections[0];
    expect(up.url).toBe('/openai/realtime?api-version=2025-04-01-preview&deployment=azure-realtime');
    expect(up.headers['api-key']).toBe('azure-rt-key');
    expect(up.headers.authorization).toBeUndefined();
    const logs = await eventually(async () => ((await logsOf(user.id)).length === 1 ? logsOf(user.id) : null));
    expect(Number(logs![0].quota)).toBe(FIRST_QUOTA); // 2.5 × (100 + 50×8 + 20×4 + 30×16)
    await expectLedger(db, { users: { [user.id]: 0 }, tokens: { [token.id]: 1_000_000 } });
  });
});

/** A session still open when the drain ends is cut like a stream: an error event, a 1001 close, its response settled. */
describe('realtime relay at shutdown', () => {
  it('cuts a session longer than the drain with an error event and bills its response once', async () => {
    const mock = new RealtimeMock();
    await mock.start();
    const t = await startApp({ SHUTDOWN_DRAIN_SECONDS: '1' });
    const db = Db.open(t);
    try {
      const root = await setupRoot(t.url);
      await priceModels(root);
      await createChannel(root, { key: 'up-rt-sd', base_url: mock.url, models: REALTIME_MODEL });
      const user = await fundedUser(root, 'rtshutdown', 1_000_000);
      const token = await createToken(user.client, { remain_quota: 1_000_000 });
      mock.holdResponses = true;
      mock.script(realtimeUsage({ textIn: 200, audioIn: 0, cached: 100, textOut: 10, audioOut: 0 }));
      const socket = new WebSocket(`${t.url.replace(/^http/, 'ws')}/v1/realtime?model=${REALTIME_MODEL}`, {
        headers: { authorization: `Bearer sk-${token.key}` },
      });
      const events: any[] = [];
      let closed: number | null = null;
      socket.on('message', (d) => events.push(JSON.parse(d.toString())));
      socket.on('close', (code) => (closed = code));
      await eventually(async () => events.some((e) => e.type === 'session.created'));
      socket.send(JSON.stringify({ type: 'response.create' }));
      expect(await eventually(async () => events.some((e) => e.type === 'response.output_text.delta'))).toBe(true);

      const exited = new Promise((resolve) => t.process.once('exit', resolve));
      t.process.kill('SIGTERM');
      await exited;
      expect(closed).toBe(1001);
      expect(events.find((e) => e.type === 'error')?.error).toMatchObject({ code: 'service_unavailable' });
      // The cut response was cancelled upstream and billed the usage it reported: 2.5 × (100 + 50 + 40).
      const rows = await db.all('SELECT quota FROM logs WHERE type = 2 AND user_id = ?', [user.id]);
      expect(rows.map((r: any) => Number(r.quota))).toEqual([475]);
      expect(await db.all('SELECT * FROM reservations')).toEqual([]);
      await expectLedger(db, { users: { [user.id]: 0 }, tokens: { [token.id]: 1_000_000 } }, 1_000);
    } finally {
      db.close();
      await t.close();
      await mock.close();
    }
  });
});
