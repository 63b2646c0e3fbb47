import { createServer } from 'node:net';
import OpenAI from 'openai';
import { MockUpstream } from '../mock-upstream/mock-upstream';
import type { ApiClient } from '../support/api-client';
import { setupRoot } from '../support/fixtures';
import { expectLedger } from '../support/ledger-invariant';
import { parseSamples, sampleSum, type Sample } from '../support/prometheus-text';
import { createChannel, createToken, Db, eventually, fundedUser } from '../support/relay-fixtures';
import { startApp, type TestApp } from '../support/test-app';

/** Prometheus /metrics (docs/observability.md): who may scrape it, and that relay metrics count exactly. */
const TOKEN = 'metrics-test-token-7f3a';
const TOKEN_QUOTA = 5_000_000;

async function scrape(url: string, token?: string): Promise<{ status: number; text: string; type: string }> {
  const res = await fetch(`${url}/metrics`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  return { status: res.status, text: await res.text(), type: res.headers.get('content-type') ?? '' };
}

async function samples(url: string): Promise<Sample[]> {
  const res = await scrape(url, TOKEN);
  expect(res.status).toBe(200);
  return parseSamples(res.text);
}

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const port = (srv.address() as { port: number }).port;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

describe('metrics: /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  let mock: MockUpstream;
  let root: ApiClient;
  let db: Db;
  let userId: number;
  let tokenId: number;
  let client: OpenAI;
  let channelId: number;

  beforeAll(async () => {
    mock = new MockUpstream();
    await mock.start();
    t = await startApp({ METRICS_TOKEN: TOKEN });
    db = Db.open(t);
    root = await setupRoot(t.url);
    channelId = await createChannel(root, { key: 'up-metrics', base_url: mock.url, models: 'gpt-4o,gpt-4o-mini' });
    const user = await fundedUser(root, 'metrics', 10_000_000);
    userId = user.id;
    const token = await createToken(user.client, { remain_quota: TOKEN_QUOTA });
    tokenId = token.id;
    client = new OpenAI({ apiKey: token.key, baseURL: `${t.url}/v1`, maxRetries: 0 });
  });
  afterAll(async () => {
    db.close();
    await t.close();
    await mock.close();
  });

  it('refuses a scrape without the token, or with another one (401)', async () => {
    expect((await scrape(t.url)).status).toBe(401);
    expect((await scrape(t.url, 'not-the-token')).status).toBe(401);
    const ok = await scrape(t.url, TOKEN);
    expect(ok.status).toBe(200);
    expect(ok.type).toMatch(/^text\/plain/);
  });

  it('relay calls move the counters and histograms by exactly the calls made; tokens and quota are the billed ones', async () => {
    const before = await samples(t.url);
    const m4o = { model: 'gpt-4o' };
    const mini = { model: 'gpt-4o-mini' };

    for (let i = 0; i < 2; i++) {
      const res = await client.chat.completions.create({
        model: 'gpt-4o',
        messages: [{ role: 'user', content: 'hi' }],
      });
      expect(res.usage).toMatchObject({ prompt_tokens: 10, completion_tokens: 20 });
    }
    const stream = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'count' }],
      stream: true,
    });
    for await (const chunk of stream) void chunk;
    // An unpriced, unserved model is refused at admission: counted, but its name is no label.
    await expect(
      client.chat.completions.create({ model: 'metrics-no-such-model', messages: [{ role: 'user', content: 'x' }] }),
    ).rejects.toMatchObject({ status: expect.any(Number) });

    const logs = await eventually(async () => {
      const rows = await db.all(
        'SELECT model_name, quota, prompt_tokens, completion_tokens FROM logs WHERE type = 2 AND user_id = ?',
        [userId],
      );
      return rows.length === 3 ? rows : null;
    });
    if (!logs) throw new Error('the three usage rows did not appear');
    const billed = (model: string, field: 'quota' | 'prompt_tokens' | 'completion_tokens') =>
      logs.filter((r) => r.model_name === model).reduce((s, r) => s + Number(r[field]), 0);
    const after = await samples(t.url);
    const moved = (name: string, labels: Record<string, string>) =>
      sampleSum(after, name, labels) - sampleSum(before, name, labels);
    const ch = String(channelId);

    expect(
      moved('gateway_relay_requests_total', { ...m4o, channel: ch, code: '200', status_class: '2xx', mode: 'chat' }),
    ).toBe(2);
    expect(moved('gateway_relay_requests_total', m4o)).toBe(2);
    expect(moved('gateway_relay_requests_total', { ...mini, channel: ch, code: '200' })).toBe(1);
    expect(moved('gateway_relay_duration_seconds_count', m4o)).toBe(2);
    expect(moved('gateway_relay_upstream_duration_seconds_count', { ...m4o, channel: ch })).toBe(2);
    expect(moved('gateway_relay_overhead_seconds_count', m4o)).toBe(2);
    expect(moved('gateway_relay_time_to_first_token_seconds_count', mini)).toBe(1);
    expect(moved('gateway_relay_time_to_first_token_seconds_count', m4o)).toBe(0);

    expect(moved('gateway_relay_tokens_total', { ...m4o, kind: 'prompt' })).toBe(billed('gpt-4o', 'prompt_tokens'));
    expect(moved('gateway_relay_tokens_total', { ...m4o, kind: 'completion' })).toBe(
      billed('gpt-4o', 'completion_tokens'),
    );
    expect(moved('gateway_relay_tokens_total', { ...mini, kind: 'completion' })).toBe(
      billed('gpt-4o-mini', 'completion_tokens'),
    );
    // gpt-4o: 1.25 × (10 + 20 × 4) = 113 per call; gpt-4o-mini: 7.
    expect(billed('gpt-4o', 'quota')).toBe(226);
    expect(moved('gateway_relay_quota_total', { ...m4o, channel: ch })).toBe(226);
    expect(moved('gateway_relay_quota_total', mini)).toBe(billed('gpt-4o-mini', 'quota'));

    // The refused request: one count under the placeholder label, never under the name the client sent.
    expect(moved('gateway_relay_requests_total', { model: '_unrouted', status_class: '4xx' })).toBe(1);
    expect(after.some((s) => s.labels.model === 'metrics-no-such-model')).toBe(false);

    // Four requests authenticated by key: each looks its token up once (the first may be the miss).
    expect(moved('gateway_cache_lookups_total', { cache: 'tokens' })).toBe(4);
    expect(sampleSum(after, 'gateway_database_up')).toBe(1);
    expect(after.some((s) => s.name === 'gateway_ledger_queue_depth')).toBe(true);
    expect(moved('gateway_ledger_flush_seconds_count', {})).toBeGreaterThanOrEqual(3);
    expect(after.some((s) => s.name === 'gateway_nodejs_eventloop_lag_seconds')).toBe(true);
    expect(after.some((s) => s.name === 'gateway_process_resident_memory_bytes')).toBe(true);
    // Labels never carry keys.
    const labelValues = new Set(after.flatMap((s) => Object.values(s.labels)));
    expect([...labelValues].some((v) => v.startsWith('sk-'))).toBe(false);

    await expectLedger(db, { users: { [userId]: 0 }, tokens: { [tokenId]: TOKEN_QUOTA } });
  });
});

describe('metrics: disabled, or on its own port', () => {
  it('answers 404 without METRICS_TOKEN or METRICS_PORT', async () => {
    const t = await startApp();
    try {
      expect((await scrape(t.url)).status).toBe(404);
      expect((await scrape(t.url, TOKEN)).status).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('METRICS_PORT serves /metrics without a token there, and nothing on the main port', async () => {
    const port = await freePort();
    const t = await startApp({ METRICS_PORT: String(port) });
    try {
      const own = await scrape(`http://127.0.0.1:${port}`);
      expect(own.status).toBe(200);
      expect(parseSamples(own.text).some((s) => s.name === 'gateway_database_up')).toBe(true);
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
      expect((await scrape(t.url)).status).toBe(404);
    } finally {
      await t.close();
    }
  });
});
