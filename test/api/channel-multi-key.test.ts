import OpenAI from 'openai';
import type { ApiClient } from '../support/api-client';
import { setOption } from '../support/fixtures';
import { Ledger } from '../support/ledger';
import { expectLedger } from '../support/ledger-invariant';
import { createChannel, createToken, eventually, fundedUser } from '../support/relay-fixtures';
import { RelayHarness } from '../support/relay-harness';

/**
 * Multi-key channels (docs/channel-types.md#multi-key-channels): a key the upstream refuses is disabled
 * on its own while the channel keeps serving with the others (the request itself retried with another
 * key), keys taken in turn, the channel disabled once every key is, keys re-enabled through the manage
 * route or by enabling the channel. Exact billing: failed requests refunded, the ledger invariant at the end.
 */
const KEYS = ['mk-alpha-000000000001', 'mk-bravo-000000000002', 'mk-charlie-00000000003'];
const [A, B, C] = KEYS;
const MODEL = 'gpt-4o';
/** gpt-4o: 1.25 × (10 + 20 × 4) = 112.5 → 113. */
const QUOTA = 113;
const START = 10_000_000;
const TOKEN_QUOTA = 5_000_000;
const refused = { status: 401, errorMessage: 'Incorrect API key provided', errorType: 'invalid_request_error' };

describe('multi-key channels: per-key health and polling', () => {
  let h: RelayHarness;
  let root: ApiClient;
  let client: OpenAI;
  let ledger: Ledger;
  let customer: { id: number; tokenId: number };
  let channelId: number;

  const manage = async (action: string, extra: Record<string, unknown> = {}) => {
    const res = await root.post('/api/channel/multi_key/manage', { channel_id: channelId, action, ...extra });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    return res.body.data;
  };
  const channel = async () => (await root.get(`/api/channel/${channelId}`)).body.data;
  const keysReceived = () => h.openai.requests.map((r) => String(r.headers.authorization).replace(/^Bearer /, ''));
  const chat = () => client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] });

  beforeAll(async () => {
    h = await RelayHarness.start();
    root = h.root;
    await setOption(root, 'AutomaticDisableChannelEnabled', 'true');
    await setOption(root, 'RetryTimes', '2');
    const res = await root.post('/api/channel/', {
      name: 'multi',
      type: 1,
      key: KEYS.join('\n'),
      base_url: h.openai.url,
      models: MODEL,
      multi_key_mode: 'polling',
    });
    expect(res.body.success).toBe(true);
    channelId = res.body.data.id;
    // Another channel on another model: its traffic must not touch the multi-key channel's turns.
    await createChannel(root, { key: 'other-key', base_url: h.openai.url, models: 'gpt-4.1' });
    const user = await fundedUser(root, 'multikey', START);
    const token = await createToken(user.client, { remain_quota: TOKEN_QUOTA });
    customer = { id: user.id, tokenId: token.id };
    ledger = new Ledger(h.db, user.id, START);
    client = new OpenAI({ apiKey: token.key, baseURL: `${h.t.url}/v1`, maxRetries: 0 });
  });
  afterAll(() => h?.close());

  it('stores the mode and lists the keys masked, all enabled', async () => {
    expect((await channel()).multi_key_mode).toBe('polling');
    const status = await manage('get_key_status');
    expect(status).toMatchObject({ total: 3, enabled_count: 3, auto_disabled_count: 0, multi_key_mode: 'polling' });
    expect(status.keys.map((k: any) => k.status)).toEqual([1, 1, 1]);
    const text = JSON.stringify(status);
    for (const key of KEYS) expect(text).not.toContain(key);
    expect(status.keys[0].key_preview).toBe('mk-…0001');
  });

  it('a refused key is disabled alone; the request is served by the next key; turns go on', async () => {
    h.openai.on(B, refused);
    await chat();
    await ledger.charged({ model: MODEL, tokens: [10, 20], quota: QUOTA });
    await chat(); // B refuses, C serves the retry
    await ledger.charged({ model: MODEL, tokens: [10, 20], quota: QUOTA });
    const status = await eventually(async () => {
      const s = await manage('get_key_status');
      return s.auto_disabled_count === 1 ? s : null;
    });
    expect(status.keys[1]).toMatchObject({ index: 1, status: 3 });
    expect(status.keys[1].disabled_reason).toContain('401');
    expect(status.keys[1].disabled_time).toBeGreaterThan(0);
    expect(status.keys[0].status).toBe(1);
    expect((await channel()).status).toBe(1);

    for (let i = 0; i < 4; i++) {
      await chat();
      await ledger.charged({ model: MODEL, tokens: [10, 20], quota: QUOTA });
    }
    // Turns 0..6: A, B (refused) → C, then A, (B off) C, C, A.
    expect(keysReceived()).toEqual([A, B, C, A, C, C, A]);
  });

  it('every key refused: the request fails and is refunded, the channel is auto-disabled', async () => {
    h.openai.on(A, refused);
    h.openai.on(C, refused);
    const before = await ledger.quota();
    // The upstream's refusal reaches the client once no key of the channel is left to try.
    await expect(chat()).rejects.toMatchObject({ status: 401 });
    const disabled = await eventually(async () => ((await channel()).status === 3 ? channel() : null));
    expect(disabled.status).toBe(3);
    expect(JSON.parse(disabled.other_info).status_reason).toContain('every key disabled');
    const status = await manage('get_key_status');
    expect(status).toMatchObject({ enabled_count: 0, auto_disabled_count: 3 });
    await eventually(async () => (await ledger.quota()) === before);
    expect(await ledger.quota()).toBe(before);
  });

  it('keys are enabled again through the manage route, and by enabling the channel', async () => {
    h.openai.on(A, {});
    h.openai.on(B, {});
    h.openai.on(C, {});
    let status = await manage('enable_key', { key_index: 1 });
    expect(status.keys.map((k: any) => k.status)).toEqual([3, 1, 3]);
    status = await manage('disable_key', { key_index: 1 });
    expect(status.keys[1]).toMatchObject({ status: 2, disabled_reason: expect.stringContaining('root') });

    const res = await root.put('/api/channel/', { id: channelId, status: 1 });
    expect(res.body.success).toBe(true);
    // Automatically disabled keys come back with the channel; the operator's disabled key stays off.
    status = await manage('get_key_status');
    expect(status.keys.map((k: any) => k.status)).toEqual([1, 2, 1]);

    h.openai.requests.length = 0;
    await chat();
    await ledger.charged({ model: MODEL, tokens: [10, 20], quota: QUOTA });
    expect([A, C]).toContain(keysReceived()[0]);

    status = await manage('enable_all_keys');
    expect(status.enabled_count).toBe(3);
    const bad = await root.post('/api/channel/multi_key/manage', {
      channel_id: channelId,
      action: 'enable_key',
      key_index: 7,
    });
    expect(bad.body.success).toBe(false);
  });

  it('editing the key list never moves a state onto another key', async () => {
    await manage('disable_key', { key_index: 2 });
    // C is dropped and a new key takes its position: the new key is enabled.
    const res = await root.put('/api/channel/', { id: channelId, key: [A, B, 'mk-delta-000000000004'].join('\n') });
    expect(res.body.success).toBe(true);
    const status = await manage('get_key_status');
    expect(status.keys.map((k: any) => k.status)).toEqual([1, 1, 1]);
  });

  it('the channel test never uses a key disabled on its own', async () => {
    await manage('enable_all_keys');
    await manage('disable_key', { key_index: 0 });
    await manage('disable_key', { key_index: 2 });
    const before = h.openai.requests.length;
    for (let i = 0; i < 6; i++) {
      const res = await root.get(`/api/channel/test/${channelId}`);
      expect(res.body.success).toBe(true);
    }
    expect(new Set(keysReceived().slice(before))).toEqual(new Set([B]));
    await manage('enable_all_keys');
  });

  it('the ledger holds', async () => {
    await expectLedger(h.db, { users: { [customer.id]: 0 }, tokens: { [customer.tokenId]: TOKEN_QUOTA } });
  });
});
