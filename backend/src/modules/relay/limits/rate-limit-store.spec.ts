import Redis from 'ioredis';
import { ADMITTED, MemoryRateLimitStore, type LimitRule, type RateLimitStore } from './rate-limit-store';
import { RedisRateLimitStore } from './redis-rate-limit-store';

const W = 60_000;
const T0 = 6_000_000;
const rule = (key: string, limit: number, counted = true, windowMs = W): LimitRule => ({
  key,
  windowMs,
  limit,
  counted,
});

/** One step of a case: take(rules) at `at` answers `answers`, or hit(key) at `at`. */
type Step = { at: number; take: LimitRule[]; answers: number } | { at: number; hit: string; windowMs?: number };
const take = (at: number, rules: LimitRule[], answers: number): Step => ({ at, take: rules, answers });
const hit = (at: number, key: string, windowMs?: number): Step => ({ at, hit: key, windowMs });

/** The contract both stores keep (sliding window of two fixed windows; check and count in one step). */
const CASES: [string, Step[]][] = [
  [
    'admits up to the limit within a window, then refuses; the previous window counts by its overlap',
    [
      take(T0, [rule('k', 3)], ADMITTED),
      take(T0 + 1, [rule('k', 3)], ADMITTED),
      take(T0 + 2, [rule('k', 3)], ADMITTED),
      take(T0 + 10, [rule('k', 3)], 0),
      // Half of the previous window's 3 still counts, rounded up (2): one more fits under 3.
      take(T0 + W + W / 2, [rule('k', 3)], ADMITTED),
      take(T0 + W + W / 2, [rule('k', 3)], 0),
      take(T0 + 3 * W, [rule('k', 1)], ADMITTED),
    ],
  ],
  [
    'a full window just before the turn leaves nothing for a burst just after it (never limit + 1 in a moment)',
    [
      take(T0 + W - 2, [rule('t', 3)], ADMITTED),
      take(T0 + W - 2, [rule('t', 3)], ADMITTED),
      take(T0 + W - 1, [rule('t', 3)], ADMITTED),
      take(T0 + W + 1, [rule('t', 3)], 0),
    ],
  ],
  [
    'answers the first rule over its limit, and a refused request counts under no key',
    [
      take(T0, [rule('a', 5), rule('b', 0, false)], 1),
      take(T0, [rule('a', 1), rule('b', 1, false)], ADMITTED),
      take(T0, [rule('a', 1), rule('b', 1, false)], 0),
    ],
  ],
  [
    'a check-only rule is counted by hit() (successes)',
    [
      take(T0, [rule('ok', 2, false)], ADMITTED),
      take(T0, [rule('ok', 2, false)], ADMITTED),
      hit(T0, 'ok'),
      hit(T0 + 1, 'ok'),
      take(T0 + 2, [rule('ok', 2, false)], 0),
      take(T0 + 2, [rule('ok', 3, false)], ADMITTED),
    ],
  ],
  [
    'keys count apart, and a changed window length starts afresh',
    [
      hit(T0, 'x'),
      hit(T0, 'x'),
      take(T0, [rule('x', 2)], 0),
      take(T0, [rule('y', 2)], ADMITTED),
      take(T0, [rule('x', 2, true, 2 * W)], ADMITTED),
    ],
  ],
];

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const runPrefix = `gw:test:rl:${process.pid}:${Date.now()}:`;
let run = 0;
const clients: Redis[] = [];
const redisClient = () => {
  const c = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1 });
  clients.push(c);
  return c;
};
afterAll(async () => {
  await Promise.all(clients.map((c) => c.quit()));
});

const STORES: [string, () => RateLimitStore][] = [
  ['MemoryRateLimitStore', () => new MemoryRateLimitStore()],
  ['RedisRateLimitStore', () => new RedisRateLimitStore(redisClient(), `${runPrefix}${++run}:`)],
];

describe.each(STORES)('%s', (_name, create) => {
  it.each(CASES)('%s', async (_case, steps) => {
    const store = create();
    for (const [i, step] of steps.entries()) {
      if ('hit' in step) {
        await store.hit(step.hit, step.windowMs ?? W, step.at);
        continue;
      }
      expect([i, await store.take(step.take, step.at)]).toEqual([i, step.answers]);
    }
  });
});

describe('MemoryRateLimitStore', () => {
  it('forgets keys idle for two windows', () => {
    const s = new MemoryRateLimitStore();
    s.hit('k', W, T0);
    s.sweep(T0 + W);
    expect(s.size).toBe(1);
    s.sweep(T0 + 2 * W);
    expect(s.size).toBe(0);
  });
});

describe('RedisRateLimitStore', () => {
  it('admits exactly the limit between nodes: 50 concurrent requests from 3 stores, limit 10', async () => {
    const prefix = `${runPrefix}${++run}:`;
    const nodes = [0, 1, 2].map(() => new RedisRateLimitStore(redisClient(), prefix));
    const now = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => nodes[i % 3].take([rule('shared', 10)], now)),
    );
    expect(answers.filter((a) => a === ADMITTED)).toHaveLength(10);
  });

  it('lets its counters expire: nothing accumulates', async () => {
    const prefix = `${runPrefix}${++run}:`;
    const client = redisClient();
    const store = new RedisRateLimitStore(client, prefix);
    await store.take([rule('e', 5)], T0);
    await store.hit('s', W, T0);
    const keys = await client.keys(`${prefix}*`);
    expect(keys).toHaveLength(2);
    for (const k of keys) expect(await client.pttl(k)).toBeGreaterThan(W);
  });
});
