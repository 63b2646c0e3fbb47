import OpenAI from 'openai';
import { MockUpstream } from '../mock-upstream/mock-upstream';
import { relayCall, type CallResult } from '../money/money-client';
import type { ApiClient } from '../support/api-client';
import { Cluster } from '../support/cluster';
import { setOption, setupRoot } from '../support/fixtures';
import { expectLedger, type DeliveredResponse } from '../support/ledger-invariant';
import { createChannel, createToken, Db, eventually, fundedUser, sleep } from '../support/relay-fixtures';
import { TEST_DB, type TestApp } from '../support/test-app';

/**
 * Three gateway processes (one master, two slaves) on one MariaDB schema and one private Redis behave
 * as one gateway (docs/cluster.md; the scenarios: docs/cluster-test.md). SYNC_FREQUENCY is an hour,
 * so whatever another node learns within the test came through Redis, not through the periodic
 * reload. MariaDB only: one run per CI.
 */
const mysqlOnly = TEST_DB === 'mysql' ? describe : describe.skip;

/**
 * Per-call prices (ModelPrice, USD); with QuotaPerUnit 500 000 a cluster-chat call costs 1 000 quota.
 * A cluster-price call costs 1 quota until (a) raises it to 500 000: polling at the old price can never
 * drain a user into the refusal that the new price causes.
 */
const PRICES = { 'cluster-chat': 0.002, 'cluster-slow': 0.002, 'cluster-switch': 0.002, 'cluster-price': 0.000002 };
const CALL_QUOTA = 1000;
const LIMIT = 10;

/** What a chat completion through the official SDK answers on `node`: 'ok' or '<status> <code>'. */
async function ask(node: TestApp, key: string, model = 'cluster-chat'): Promise<string> {
  const client = new OpenAI({ baseURL: `${node.url}/v1`, apiKey: key, maxRetries: 0, timeout: 20_000 });
  try {
    await client.chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] });
    return 'ok';
  } catch (err) {
    if (err instanceof OpenAI.APIError) return `${err.status} ${err.code}`;
    throw err;
  }
}

/** How many times each outcome occurs, e.g. { ok: 10, '429 rate_limit_exceeded': 5 }. */
const tally = (outcomes: string[]) =>
  outcomes.reduce<Record<string, number>>((m, o) => ({ ...m, [o]: (m[o] ?? 0) + 1 }), {});

/** Milliseconds from `since` until `seen()` first holds (polled every 25 ms), or null after `deadlineMs`. */
async function firstSeen(seen: () => Promise<boolean>, since: number, deadlineMs = 3000): Promise<number | null> {
  while (Date.now() - since <= deadlineMs) {
    if (await seen()) return Date.now() - since;
    await sleep(25);
  }
  return null;
}

/**
 * Waits, if need be, until at least `ms` are left in the current minute. The limiter's windows are
 * aligned on whole minutes and the previous one is weighed by its overlap, rounded down, so a burst
 * across a minute's turn may let one more request through than the limit.
 */
async function clearOfMinuteTurn(ms: number): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < ms) await sleep(left + 100);
}

mysqlOnly('cluster: three nodes on one database and one Redis', () => {
  let cluster: Cluster;
  let mock: MockUpstream;
  let db: Db;
  let root: ApiClient;
  let switchChannel = 0;
  let userSeq = 0;
  const node = (i: number) => cluster.nodes[i];
  const chatUrl = (i: number) => `${node(i).url}/v1/chat/completions`;

  /** A fresh user funded with `quota`, and a limited token of theirs (remain_quota 5 000 000). */
  async function customer(quota = 1_000_000) {
    const u = await fundedUser(root, `cl${++userSeq}`, quota);
    const tk = await createToken(u.client, { name: `cl${userSeq}`, remain_quota: 5_000_000 });
    return { ...u, tokenId: tk.id, key: tk.key };
  }

  beforeAll(async () => {
    mock = new MockUpstream();
    await mock.start();
    mock.setDefault({ delayMs: 20, chunks: 2, chunkDelayMs: 10 });
    // Streams of ~500 ms on cluster-slow, so that a kill lands while some are open.
    mock.on('cluster-slow', { chunks: 10, chunkDelayMs: 50 });
    cluster = await Cluster.start({
      env: { SYNC_FREQUENCY: '3600' },
      // Channels and prices exist before the slaves boot: they are read at boot, with no need for Redis.
      prepare: async (master) => {
        root = await setupRoot(master.url);
        await setOption(root, 'ModelPrice', JSON.stringify(PRICES));
        const base = { base_url: mock.url };
        await createChannel(root, { ...base, key: 'cluster-main', models: 'cluster-chat,cluster-price' });
        await createChannel(root, { ...base, key: 'cluster-slow', models: 'cluster-slow' });
        switchChannel = await createChannel(root, { ...base, key: 'cluster-switch', models: 'cluster-switch' });
        await root.put('/api/channel/', { id: switchChannel, status: 2 });
      },
    });
    db = Db.open(node(0));
    // A first request warms each node's relay path, so that no figure below includes a cold start.
    const warm = await customer();
    for (const i of [0, 1, 2]) expect(await ask(node(i), warm.key)).toBe('ok');
  }, 180_000);

  afterAll(async () => {
    db?.close();
    await cluster?.close();
    await mock?.close();
  }, 60_000);

  /** Each change is made on node 1; nodes 2 and 3 (their caches warmed on the old state) must apply it. */
  const propagation: {
    what: string;
    model: string;
    before: string;
    after: string;
    change: (c: Awaited<ReturnType<typeof customer>>) => Promise<unknown>;
  }[] = [
    {
      what: 'channel enabled',
      model: 'cluster-switch',
      before: '503 model_not_available',
      after: 'ok',
      change: () => root.put('/api/channel/', { id: switchChannel, status: 1 }),
    },
    {
      what: 'token disabled',
      model: 'cluster-chat',
      before: 'ok',
      after: '403 token_disabled',
      change: (c) => c.client.put('/api/token/?status_only=true', { id: c.tokenId, status: 2 }),
    },
    {
      what: 'user disabled',
      model: 'cluster-chat',
      before: 'ok',
      after: '403 user_banned',
      change: (c) => root.post('/api/user/manage', { id: c.id, action: 'disable' }),
    },
    {
      what: 'price raised',
      model: 'cluster-price',
      before: 'ok',
      after: '403 insufficient_quota', // 1 USD a call = 500 000 quota, more than the user holds
      change: () => setOption(root, 'ModelPrice', JSON.stringify({ ...PRICES, 'cluster-price': 1 })),
    },
  ];

  it.each(propagation)('(a) $what on node 1 applies on nodes 2 and 3 within 1 s', async (p) => {
    const c = await customer(400_000);
    for (const i of [1, 2]) expect(await ask(node(i), c.key, p.model)).toBe(p.before);
    await p.change(c);
    const changed = Date.now();
    const delays = await Promise.all(
      [1, 2].map((i) => firstSeen(async () => (await ask(node(i), c.key, p.model)) === p.after, changed)),
    );
    process.stdout.write(`cluster (a) ${p.what}: seen on node 2 after ${delays[0]} ms, node 3 after ${delays[1]} ms\n`);
    expect(await ask(node(0), c.key, p.model)).toBe(p.after);
    for (const ms of delays) {
      expect(ms).not.toBeNull();
      expect(ms!).toBeLessThanOrEqual(1000);
    }
  });

  it('(b) one user drained through all three nodes at once gets exactly what the balance pays for', async () => {
    // Twenty calls and half of one: the half must stay unspent (no call may overdraw it).
    const PAID_CALLS = 20;
    const c = await customer(PAID_CALLS * CALL_QUOTA + CALL_QUOTA / 2);
    const body = (stream: boolean) => ({
      model: 'cluster-chat',
      stream,
      messages: [{ role: 'user', content: 'drain' }],
    });
    const burst = [0, 1, 2].flatMap((i) =>
      Array.from({ length: 12 }, (_, k) => relayCall(chatUrl(i), c.key, body(k % 2 === 1))),
    );
    const results = await Promise.all(burst);
    const delivered = results.filter((r) => r.complete);
    const refused = results.filter((r) => !r.complete).map((r) => `${r.status} ${r.body?.error?.code}`);
    expect(delivered.length).toBe(PAID_CALLS);
    expect(tally(refused)).toEqual({ '403 insufficient_quota': results.length - PAID_CALLS });
    await expectLedger(db, {
      users: { [c.id]: 0 },
      tokens: { [c.tokenId]: 5_000_000 },
      delivered: delivered.map((r) => ({ userId: c.id, requestId: r.requestId })),
    });
    expect(Number((await db.one('SELECT quota FROM users WHERE id = ?', [c.id])).quota)).toBe(CALL_QUOTA / 2);
  });

  it('(d) kill -9 of a node mid-burst: the others keep serving, its reservations are recovered, no money lost', async () => {
    const VICTIM = 2;
    const customers = [await customer(10_000_000), await customer(10_000_000)];
    const calls: { node: number; userId: number; r: CallResult; endedAt: number }[] = [];
    let stopped = false;
    let killed = false;
    const worker = async (i: number, w: number) => {
      const url = chatUrl(i);
      for (let n = 0; !stopped && !(killed && i === VICTIM); n++) {
        const c = customers[(w + n) % customers.length];
        const body = { model: 'cluster-slow', stream: true, messages: [{ role: 'user', content: `kill ${n}` }] };
        const r = await relayCall(url, c.key, body, { timeoutMs: 20_000 });
        calls.push({ node: i, userId: c.id, r, endedAt: Date.now() });
      }
    };
    const ours = customers.map((c) => c.id).join(', ');
    const openOn = (name: string) =>
      db.all<{ request_id: string }>(`SELECT request_id FROM reservations WHERE node = ? AND user_id IN (${ours})`, [
        name,
      ]);
    const workers = [0, 1, 2].flatMap((i) => [worker(i, 0), worker(i, 1)]);
    try {
      expect(await eventually(async () => (await openOn(Cluster.nodeName(VICTIM))).length > 0, 20_000)).toBe(true);
      killed = true;
      await cluster.kill(VICTIM);
      const killedAt = Date.now();
      const orphans = (await openOn(Cluster.nodeName(VICTIM))).map((r) => r.request_id);
      expect(orphans.length).toBeGreaterThan(0);
      // The survivors go on serving: each completes a few more streams after the kill.
      const servedSince = (i: number) => calls.filter((x) => x.node === i && x.endedAt > killedAt).length;
      expect(await eventually(async () => servedSince(0) >= 4 && servedSince(1) >= 4, 30_000)).toBe(true);
      stopped = true;
      await Promise.all(workers);
      const survivors = calls.filter((x) => x.node !== VICTIM);
      expect(survivors.filter((x) => !x.r.complete).map((x) => `${x.r.status} ${x.r.error ?? ''}`)).toEqual([]);

      await cluster.restart(VICTIM);
      const recovered = await db.all<{ request_id: string; other: string }>(
        `SELECT request_id, other FROM logs WHERE type = 2 AND request_id IN (${orphans.map(() => '?').join(', ')})`,
        orphans,
      );
      expect(recovered.map((r) => [r.request_id, JSON.parse(r.other).interrupted]).sort()).toEqual(
        orphans.map((id) => [id, true]).sort(),
      );
      const delivered: DeliveredResponse[] = calls
        .filter((x) => x.r.complete)
        .map((x) => ({ userId: x.userId, requestId: x.r.requestId }));
      await expectLedger(db, {
        users: Object.fromEntries(customers.map((c) => [c.id, 0])),
        tokens: Object.fromEntries(customers.map((c) => [c.tokenId, 5_000_000])),
        delivered,
      });
    } finally {
      stopped = true;
      await Promise.all(workers);
    }
  });

  describe(`with a per-model limit of ${LIMIT} requests a minute`, () => {
    beforeAll(async () => {
      await setOption(root, 'ModelRequestRateLimitCount', String(LIMIT));
      await setOption(root, 'ModelRequestRateLimitSuccessCount', String(LIMIT));
      await setOption(root, 'ModelRequestRateLimitDurationMinutes', '1');
      await setOption(root, 'ModelRequestRateLimitEnabled', 'true');
      // The slaves restart to read the options at boot: these scenarios test the limit, not the option bus.
      await Promise.all([cluster.restart(1), cluster.restart(2)]);
    }, 120_000);

    /** `perNode` requests of one fresh user on every node at once; their outcomes. */
    async function burst(perNode: number): Promise<string[]> {
      const c = await customer();
      await clearOfMinuteTurn(5000);
      return Promise.all([0, 1, 2].flatMap((i) => Array.from({ length: perNode }, () => ask(node(i), c.key))));
    }

    it('(c) lets exactly the limit through across the cluster', async () => {
      expect(tally(await burst(5))).toEqual({ ok: LIMIT, '429 rate_limit_exceeded': 3 * 5 - LIMIT });
    });

    it('(e) Redis down and back: requests within the limit pass on every node, and no node goes unlimited', async () => {
      const withinLimit = async () => {
        const c = await customer();
        const outcomes = await Promise.all(
          [0, 1, 2].map(async (i) => [await ask(node(i), c.key), await ask(node(i), c.key)]),
        );
        return { c, outcomes: outcomes.flat() };
      };
      await clearOfMinuteTurn(15_000);
      await cluster.redis.stop();
      // Two requests per node, six in all: within the limit whether a node counts alone or its share.
      const down = await withinLimit();
      expect(down.outcomes).toEqual(Array(6).fill('ok'));
      // Each node still refuses the same user once its own budget (at most the whole limit) is spent.
      for (const i of [0, 1, 2]) {
        const passed = [];
        for (let k = 0; k < LIMIT - 1; k++) {
          const o = await ask(node(i), down.c.key);
          if (o !== 'ok') {
            expect(o).toBe('429 rate_limit_exceeded');
            break;
          }
          passed.push(o);
        }
        expect(2 + passed.length).toBeLessThanOrEqual(LIMIT);
        process.stdout.write(
          `cluster (e) Redis down: node ${i + 1} let ${2 + passed.length} requests of one user through\n`,
        );
      }

      await cluster.waitRedis(false); // the nodes did notice the outage

      await cluster.redis.start();
      expect((await withinLimit()).outcomes).toEqual(Array(6).fill('ok'));
      await cluster.waitRedis(true);
      expect(tally(await burst(5))).toEqual({ ok: LIMIT, '429 rate_limit_exceeded': 3 * 5 - LIMIT });
    });

    it('(e) a token disabled while Redis is down is refused on every node once Redis is back', async () => {
      const c = await customer();
      for (const i of [1, 2]) expect(await ask(node(i), c.key)).toBe('ok');
      await cluster.redis.stop();
      await c.client.put('/api/token/?status_only=true', { id: c.tokenId, status: 2 });
      expect(await ask(node(0), c.key)).toBe('403 token_disabled');
      await cluster.redis.start();
      await cluster.waitRedis(true);
      const refused = async (i: number) => (await ask(node(i), c.key)) === '403 token_disabled';
      expect(await eventually(async () => (await refused(1)) && (await refused(2)), 10_000)).toBe(true);
    });
  });
});
