import { DEFAULT_MODEL_RATIO, type ChannelHealth } from '@gw/shared';
import type { ApiClient } from '../support/api-client';
import { setOption } from '../support/fixtures';
import { expectLedger, type DeliveredResponse } from '../support/ledger-invariant';
import { createChannel, createToken, eventually, fundedUser } from '../support/relay-fixtures';
import { RelayHarness } from '../support/relay-harness';

/**
 * Health-based routing (docs/relay.md#health-based-routing): a channel whose errors (or latency) in the
 * window pass the thresholds gets no traffic for its cool-down while another channel of the model can
 * serve; then one probe goes to it; a failed probe opens it again for a longer cool-down, a good one
 * gives it traffic again. Every request is answered by the healthy channel and charged exactly once.
 */
const ERR_MODEL = 'm-health-err';
const SLOW_MODEL = 'm-health-slow';
const START = 50_000_000;
const COOL_DOWN_S = 3;
const LONG_COOL_DOWN_S = 30;

describe('health-based routing', () => {
  let h: RelayHarness;
  let root: ApiClient;
  let key: string;
  let customer: { id: number; tokenId: number };
  const delivered: DeliveredResponse[] = [];
  /** When the newest request was sent: a breaker that opened on it opened no earlier. */
  let sentAt = 0;
  const ids: Record<string, number> = {};

  /** One chat; must succeed. `stream`: read to the end. */
  const chat = async (model: string, stream = false) => {
    sentAt = Date.now();
    const res = await fetch(`${h.t.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, stream, messages: [{ role: 'user', content: 'hi' }] }),
    });
    const text = await res.text();
    expect({ status: res.status, text }).toMatchObject({ status: 200 });
    if (stream) expect(text).toContain('[DONE]');
    delivered.push({ requestId: res.headers.get('x-oneapi-request-id') ?? undefined, userId: customer.id });
  };
  const health = async (name: string): Promise<ChannelHealth> => {
    const res = await root.get('/api/channel/?p=0&page_size=100');
    expect(res.body.success).toBe(true);
    return res.body.data.items.find((c: { id: number }) => c.id === ids[name]).health;
  };
  /** Requests (up to `max`) until `done` holds; the number made. */
  const until = async (done: () => boolean | Promise<boolean>, send: () => Promise<void>, max = 40) => {
    for (let n = 0; n < max; n++) {
      if (await done()) return n;
      await send();
    }
    throw new Error('condition not reached');
  };
  const hits = (name: string) => h.openai.byKey(name).length;

  beforeAll(async () => {
    h = await RelayHarness.start();
    root = h.root;
    await setOption(root, 'ModelRatio', JSON.stringify({ ...DEFAULT_MODEL_RATIO, [ERR_MODEL]: 1, [SLOW_MODEL]: 1 }));
    await setOption(root, 'RetryTimes', '2');
    for (const [k, v] of Object.entries({
      ChannelHealthEnabled: 'true',
      ChannelHealthWindowSeconds: '60',
      ChannelHealthMinRequests: '3',
      ChannelHealthErrorRatePercent: '50',
      ChannelHealthCoolDownSeconds: String(COOL_DOWN_S),
      ChannelHealthHalfOpenProbes: '1',
    }))
      await setOption(root, k, v);
    for (const [name, model] of [
      ['h-good', ERR_MODEL],
      ['h-bad', ERR_MODEL],
      ['l-fast', SLOW_MODEL],
      ['l-slow', SLOW_MODEL],
    ])
      ids[name] = await createChannel(root, { name, key: name, base_url: h.openai.url, models: model });
    const user = await fundedUser(root, 'health', START);
    const token = await createToken(user.client, { remain_quota: 5_000_000 });
    customer = { id: user.id, tokenId: token.id };
    key = token.key;
  });
  afterAll(() => h?.close());

  it('lists every channel closed before any traffic', async () => {
    expect(await health('h-bad')).toEqual({
      state: 'closed',
      requests: 0,
      errors: 0,
      error_rate: 0,
      latency_ms: null,
      open_until: null,
      keys: [],
    });
  });

  it('a channel answering 500 is skipped once over the threshold; requests succeed on the other', async () => {
    h.openai.on('h-bad', { status: 500 });
    await until(
      async () => (await health('h-bad')).state === 'open',
      () => chat(ERR_MODEL),
    );
    const open = await health('h-bad');
    expect(open).toMatchObject({ state: 'open', error_rate: 1 });
    expect(open.errors).toBeGreaterThanOrEqual(3);
    expect(open.open_until).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000));
    expect((await health('h-good')).state).toBe('closed');
    // Within the cool-down no request reaches it (asserted when the requests surely ran inside it).
    const coolDownEnd = sentAt + COOL_DOWN_S * 1000;
    const before = hits('h-bad');
    for (let i = 0; i < 4; i++) await chat(ERR_MODEL);
    if (Date.now() < coolDownEnd) expect(hits('h-bad')).toBe(before);
  });

  it('after the cool-down one probe goes to it; a failed probe opens it again for longer', async () => {
    await eventually(async () => (await health('h-bad')).state === 'half_open', 15_000);
    const before = hits('h-bad');
    await until(
      () => hits('h-bad') > before,
      () => chat(ERR_MODEL),
    );
    expect(hits('h-bad')).toBe(before + 1);
    const reopened = await health('h-bad');
    expect(reopened.state).toBe('open');
    // The second cool-down is twice the first.
    expect(reopened.open_until! - Date.now() / 1000).toBeGreaterThan(COOL_DOWN_S + 1);
  });

  it('when it recovers, a good probe closes it and it takes traffic again', async () => {
    h.openai.on('h-bad', {});
    await eventually(async () => (await health('h-bad')).state === 'half_open', 20_000);
    const before = hits('h-bad');
    await until(
      () => hits('h-bad') > before,
      () => chat(ERR_MODEL),
    );
    expect((await health('h-bad')).state).toBe('closed');
    await until(
      () => hits('h-bad') > before + 2,
      () => chat(ERR_MODEL),
    );
    // Closing cleared the window: it holds the answers after the probe.
    expect(await eventually(async () => (await health('h-bad')).requests >= 2)).toBe(true);
  });

  it('a channel slower than the latency threshold (time to first byte of streams) is skipped', async () => {
    await setOption(root, 'ChannelHealthLatencyMs', '400');
    // A long cool-down: the slow requests that would reach it if it were not skipped take time.
    await setOption(root, 'ChannelHealthCoolDownSeconds', String(LONG_COOL_DOWN_S));
    h.openai.on('l-slow', { chunks: 1, chunkText: 'slow', delayMs: 900 });
    await until(
      async () => (await health('l-slow')).state === 'open',
      () => chat(SLOW_MODEL, true),
    );
    const slow = await health('l-slow');
    expect(slow).toMatchObject({ state: 'open', errors: 0 });
    expect(slow.latency_ms).toBeGreaterThanOrEqual(800);
    expect((await health('l-fast')).state).toBe('closed');
    const coolDownEnd = sentAt + LONG_COOL_DOWN_S * 1000;
    const before = hits('l-slow');
    for (let i = 0; i < 4; i++) await chat(SLOW_MODEL, true);
    if (Date.now() < coolDownEnd) expect(hits('l-slow')).toBe(before);
    await setOption(root, 'ChannelHealthLatencyMs', '0');
  });

  it('charges every request exactly once (the ledger holds)', async () => {
    expect(delivered.length).toBeGreaterThan(10);
    await expectLedger(h.db, {
      users: { [customer.id]: 0 },
      tokens: { [customer.tokenId]: 5_000_000 },
      delivered,
    });
  });
});
