import { DEFAULT_MODEL_RATIO } from '@gw/shared';
import { RedisServerProcess } from '../../backend/src/testing/redis-server';
import { MockUpstream } from '../mock-upstream/mock-upstream';
import { ApiClient } from '../support/api-client';
import { setOption, setupRoot } from '../support/fixtures';
import { createChannel, createToken, Db, eventually, fundedUser } from '../support/relay-fixtures';
import { startApp, startNode, TEST_DB, waitReady, type TestApp } from '../support/test-app';

/**
 * Two nodes on one MariaDB and one Redis (docs/cluster.md): a write on node A reaches node B's
 * in-memory caches through Redis at once, though SYNC_FREQUENCY is an hour; and after a Redis outage
 * B resynchronises when Redis is back.
 */
const mysqlOnly = TEST_DB === 'mysql' ? describe : describe.skip;

/** Polls `probe` until `ok` holds or `ms` passed; returns the last value seen (the caller asserts on it). */
async function within<T>(ms: number, probe: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (ok(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function chat(node: TestApp, key: string, model: string): Promise<number> {
  const res = await fetch(`${node.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }] }),
  });
  await res.arrayBuffer();
  return res.status;
}

mysqlOnly('cache invalidation across nodes', () => {
  let redis: RedisServerProcess;
  const mock = new MockUpstream();
  let a: TestApp;
  let b: TestApp;
  let root: ApiClient;
  let db: Db;
  const is200 = (s: number) => s === 200;
  const refused = (s: number) => s === 401 || s === 403;

  beforeAll(async () => {
    redis = await RedisServerProcess.launch();
    await mock.start();
    mock.setDefault({ usage: { prompt_tokens: 1000, completion_tokens: 10 } });
    const env = { SYNC_FREQUENCY: '3600', REDIS_CONN_STRING: redis.url };
    a = await startApp({ ...env, NODE_TYPE: 'master', NODE_NAME: 'node-a' });
    b = await startNode(a, { ...env, NODE_TYPE: 'slave', NODE_NAME: 'node-b' });
    await waitReady(b);
    db = Db.open(a);
    root = await setupRoot(a.url);
    await setOption(
      root,
      'ModelRatio',
      JSON.stringify({ ...DEFAULT_MODEL_RATIO, 'cl-chat': 1, 'cl-priced': 1, 'cl-off': 1 }),
    );
    await setOption(root, 'CompletionRatio', JSON.stringify({ 'cl-priced': 1 }));
  });
  afterAll(async () => {
    db?.close();
    await b?.close();
    await a?.close();
    await mock.close();
    await redis?.stop();
  });

  /** A funded user (made on A) with a token. */
  async function customer(name: string) {
    const u = await fundedUser(root, name, 50_000_000);
    const token = await createToken(u.client, { unlimited_quota: true });
    return { ...u, token };
  }

  it('a channel created on A serves on B within a second', async () => {
    const c = await customer('cl_chan');
    expect(await chat(b, c.token.key, 'cl-chat')).toBe(503); // B knows no channel for the model yet
    await createChannel(root, { key: 'up-cl-chat', base_url: mock.url, models: 'cl-chat,cl-priced' });
    expect(await within(1000, () => chat(b, c.token.key, 'cl-chat'), is200)).toBe(200);
  });

  it('a token disabled on A is refused on B within a second', async () => {
    const c = await customer('cl_token');
    expect(await chat(b, c.token.key, 'cl-chat')).toBe(200); // now cached on B
    expect((await c.client.put('/api/token/?status_only=true', { id: c.token.id, status: 2 })).status).toBe(200);
    expect(await within(1000, () => chat(b, c.token.key, 'cl-chat'), refused)).toBe(403);
  });

  it('a user banned on A is refused on B within a second', async () => {
    const c = await customer('cl_user');
    expect(await chat(b, c.token.key, 'cl-chat')).toBe(200);
    expect((await root.post('/api/user/manage', { id: c.id, action: 'disable' })).status).toBe(200);
    expect(await within(1000, () => chat(b, c.token.key, 'cl-chat'), refused)).toBe(403);
  });

  it('a price changed on A is billed on B', async () => {
    const c = await customer('cl_price');
    const ratioOnB = async () => {
      const items = (await new ApiClient(b.url).get('/api/pricing')).body.data as {
        model_name: string;
        model_ratio: number;
      }[];
      return items.find((i) => i.model_name === 'cl-priced')?.model_ratio;
    };
    expect(await ratioOnB()).toBe(1);
    await setOption(
      root,
      'ModelRatio',
      JSON.stringify({ ...DEFAULT_MODEL_RATIO, 'cl-chat': 1, 'cl-priced': 3, 'cl-off': 1 }),
    );
    expect(await within(1000, ratioOnB, (r) => r === 3)).toBe(3);
    expect(await chat(b, c.token.key, 'cl-priced')).toBe(200);
    const log = await eventually(() => db.one('SELECT quota FROM logs WHERE type = 2 AND user_id = ?', [c.id]));
    expect(Number(log.quota)).toBe(3 * 1010); // model ratio 3 × (1000 prompt + 10 completion × 1)
  });

  it('a channel disabled on A is no longer used on B within a second', async () => {
    const c = await customer('cl_off');
    const id = await createChannel(root, { key: 'up-cl-off', base_url: mock.url, models: 'cl-off' });
    expect(await within(1000, () => chat(b, c.token.key, 'cl-off'), is200)).toBe(200);
    expect((await root.put('/api/channel/', { id, status: 2 })).status).toBe(200);
    expect(
      await within(
        1000,
        () => chat(b, c.token.key, 'cl-off'),
        (s) => s === 503,
      ),
    ).toBe(503);
  });

  it('a change made while Redis is down reaches B once Redis is back', async () => {
    const c = await customer('cl_outage');
    expect(await chat(b, c.token.key, 'cl-chat')).toBe(200);
    await redis.stop();
    // A still takes the write; only its message to B is lost.
    expect((await c.client.put('/api/token/?status_only=true', { id: c.token.id, status: 2 })).status).toBe(200);
    expect(await chat(b, c.token.key, 'cl-chat')).toBe(200); // B serves from its (now stale) cache
    await redis.start();
    // Reconnecting takes up to the 2 s backoff; SYNC_FREQUENCY (an hour) is not what gets it there.
    expect(await within(10_000, () => chat(b, c.token.key, 'cl-chat'), refused)).toBe(403);
  });
});
