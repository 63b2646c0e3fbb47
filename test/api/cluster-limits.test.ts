import { DEFAULT_MODEL_RATIO } from '@gw/shared';
import { RedisServerProcess } from '../../backend/src/testing/redis-server';
import { MockUpstream } from '../mock-upstream/mock-upstream';
import type { ApiClient } from '../support/api-client';
import { setOption, setupRoot } from '../support/fixtures';
import { parseSamples, sampleSum } from '../support/prometheus-text';
import { createChannel, createToken, fundedUser, sleep } from '../support/relay-fixtures';
import { startApp, startNode, TEST_DB, type TestApp } from '../support/test-app';

/**
 * Two nodes on one database sharing a Redis of the test's own (docs/cluster.md, "Limits"): one budget
 * between them while Redis is up, each node's own budget while it is down, shared again once it is
 * back. MariaDB only: nodes sharing one SQLite file is not a supported deployment.
 */
const mysqlOnly = TEST_DB === 'mysql' ? describe : describe.skip;

const METRICS_TOKEN = 'cluster-limits-metrics';
const LIMIT = 10;
const LOGIN_LIMIT = 6;

mysqlOnly('limits across two nodes sharing Redis', () => {
  let redis: RedisServerProcess;
  let mock: MockUpstream;
  let a: TestApp;
  let b: TestApp;
  let root: ApiClient;
  let users = 0;

  /** A fresh user (own counters) and its key. */
  const customer = async () => {
    const u = await fundedUser(root, `cl-limits-${++users}`, 100_000_000);
    return (await createToken(u.client, { remain_quota: 50_000_000 })).key;
  };
  const chat = (node: TestApp, key: string) =>
    fetch(`${node.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm-cluster', messages: [{ role: 'user', content: 'x' }] }),
    }).then(async (res) => (await res.arrayBuffer(), res.status));
  /** Statuses of `n` concurrent relay requests on each node given. */
  const burst = async (nodes: TestApp[], key: string, n: number) =>
    Promise.all(Array.from({ length: n }, (_, i) => chat(nodes[i % nodes.length], key)));
  const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;
  /** Wrong-password sign-ins naming `account` (from this one address), one at a time. */
  const logins = async (nodes: TestApp[], account: string, n: number) => {
    const out: number[] = [];
    for (let i = 0; i < n; i++) {
      const res = await fetch(`${nodes[i % nodes.length].url}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: account, password: 'wrong-password' }),
      });
      await res.arrayBuffer();
      out.push(res.status);
    }
    return out;
  };
  const metric = async (node: TestApp, name: string, labels: Record<string, string> = {}) => {
    const res = await fetch(`${node.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    return sampleSum(parseSamples(await res.text()), name, labels);
  };
  /** Retries `check` until it answers true, or fails after a deadline. */
  const waitFor = async (what: string, check: () => Promise<boolean>, timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
      await sleep(50);
    }
  };
  const redisUpOn = (up: number) =>
    waitFor(`gateway_redis_up is ${up} on both nodes`, async () => {
      for (const node of [a, b]) if ((await metric(node, 'gateway_redis_up')) !== up) return false;
      return true;
    });

  beforeAll(async () => {
    redis = await RedisServerProcess.launch();
    mock = new MockUpstream();
    await mock.start();
    const env = {
      REDIS_CONN_STRING: redis.url,
      SYNC_FREQUENCY: '1',
      METRICS_TOKEN,
      CRITICAL_ACCOUNT_RATE_LIMIT: String(LOGIN_LIMIT),
      CRITICAL_RATE_LIMIT_DURATION: '300',
    };
    a = await startApp({ ...env, NODE_TYPE: 'master' });
    b = await startNode(a, { ...env, NODE_TYPE: 'slave' });
    root = await setupRoot(a.url);
    await setOption(root, 'ModelRatio', JSON.stringify({ ...DEFAULT_MODEL_RATIO, 'm-cluster': 1 }));
    await createChannel(root, { key: 'up-cluster', base_url: mock.url, models: 'm-cluster' });
    await setOption(root, 'ModelRequestRateLimitCount', String(LIMIT));
    await setOption(root, 'ModelRequestRateLimitSuccessCount', '1000');
    await setOption(root, 'ModelRequestRateLimitDurationMinutes', '1');
    await setOption(root, 'ModelRequestRateLimitEnabled', 'true');
    // Node b reads options every SYNC_FREQUENCY: wait until it limits too.
    await waitFor('node b limits too', async () => count(await burst([b], await customer(), LIMIT + 1), 429) === 1);
    await redisUpOn(1);
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await mock?.close();
    await redis?.stop();
  });

  it('while Redis is up, 20 concurrent requests split across the nodes pass exactly 10 times', async () => {
    const statuses = await burst([a, b], await customer(), 2 * LIMIT);
    expect({ ok: count(statuses, 200), limited: count(statuses, 429) }).toEqual({ ok: LIMIT, limited: LIMIT });
  });

  it('while Redis is up, the sign-in throttle (per account and address) is one budget across the nodes', async () => {
    expect(await logins([a, b], 'nobody-up', LOGIN_LIMIT + 2)).toEqual([
      ...Array<number>(LOGIN_LIMIT).fill(200),
      429,
      429,
    ]);
  });

  it('while Redis is down, each node enforces its own budget: nothing within it refused, nothing past it let through', async () => {
    await redis.stop();
    const key = await customer();
    const before = await metric(a, 'gateway_redis_fallback_total', { component: 'relay-limits' });
    for (const node of [a, b]) {
      const statuses = await burst([node], key, 2 * LIMIT);
      expect({ ok: count(statuses, 200), limited: count(statuses, 429) }).toEqual({ ok: LIMIT, limited: LIMIT });
    }
    expect(await metric(a, 'gateway_redis_fallback_total', { component: 'relay-limits' })).toBeGreaterThanOrEqual(
      before + 2 * LIMIT,
    );
    await redisUpOn(0);
    const perNode = [...Array<number>(LOGIN_LIMIT).fill(200), 429];
    expect(await logins([a], 'nobody-down', LOGIN_LIMIT + 1)).toEqual(perNode);
    expect(await logins([b], 'nobody-down', LOGIN_LIMIT + 1)).toEqual(perNode);
  });

  it('once Redis is back, the budget is shared again without a restart', async () => {
    await redis.start();
    await redisUpOn(1);
    const statuses = await burst([a, b], await customer(), 2 * LIMIT);
    expect({ ok: count(statuses, 200), limited: count(statuses, 429) }).toEqual({ ok: LIMIT, limited: LIMIT });
    expect(await logins([a, b], 'nobody-back', LOGIN_LIMIT + 1)).toEqual([
      ...Array<number>(LOGIN_LIMIT).fill(200),
      429,
    ]);
  });
});
