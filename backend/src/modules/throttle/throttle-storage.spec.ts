import type { ThrottlerStorage } from '@nestjs/throttler';
import { AppError } from '../../common/http/app-error';
import Redis from 'ioredis';
import { RedisThrottlerStorage } from './redis-throttle-storage';
import { FailClosedThrottlerStorage, MemoryThrottlerStorage } from './throttle-storage';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const runPrefix = `gw:test:th:${process.pid}:${Date.now()}:`;
let run = 0;
const clients: Redis[] = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.quit()));
});

let now = 1_000_000;
const STORES: [string, () => ThrottlerStorage & { close?(): void }][] = [
  ['MemoryThrottlerStorage', () => new MemoryThrottlerStorage(() => now)],
  [
    'RedisThrottlerStorage',
    () => {
      const client = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
      clients.push(client);
      return new RedisThrottlerStorage(client, `${runPrefix}${++run}:`, () => now);
    },
  ],
];

/** The contract both stores keep. */
describe.each(STORES)('%s', (_name, create) => {
  let store: ThrottlerStorage & { close?(): void };
  beforeEach(() => {
    now = 1_000_000;
    store = create();
  });
  afterEach(() => store.close?.());

  const hit = (key = 'k', ttl = 60_000, limit = 2, block = 0) => store.increment(key, ttl, limit, block, 'ip');

  it('counts per key within a window opened by the first request, refusing (uncounted) past the limit', async () => {
    expect((await hit()).isBlocked).toBe(false);
    now += 10_000;
    expect(await hit()).toMatchObject({ isBlocked: false, totalHits: 2, timeToExpire: 50 });
    expect(await hit()).toMatchObject({ isBlocked: true, totalHits: 3, timeToBlockExpire: 50 });
    expect(await hit()).toMatchObject({ isBlocked: true, totalHits: 3, timeToBlockExpire: 50 });
    expect((await hit('other')).isBlocked).toBe(false);
    now += 50_000; // the window opened at the first request has ended
    expect(await hit()).toMatchObject({ isBlocked: false, totalHits: 1 });
  });

  it('with a block duration, refuses for that long from the request that went over, then starts afresh', async () => {
    await hit('k', 60_000, 1, 3_600_000);
    expect(await hit('k', 60_000, 1, 3_600_000)).toMatchObject({ isBlocked: true, timeToBlockExpire: 3600 });
    now += 120_000; // the window is over, the block is not
    expect(await hit('k', 60_000, 1, 3_600_000)).toMatchObject({ isBlocked: true, timeToBlockExpire: 3480 });
    now += 3_480_000;
    expect(await hit('k', 60_000, 1, 3_600_000)).toMatchObject({ isBlocked: false, totalHits: 1 });
  });

  it('a limit of 0 refuses from the first request', async () => {
    expect(await hit('z', 60_000, 0)).toMatchObject({ isBlocked: true, totalHits: 1, timeToBlockExpire: 60 });
  });
});

describe('RedisThrottlerStorage', () => {
  it('counts one window across nodes, and its keys expire', async () => {
    const client = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
    clients.push(client);
    const prefix = `${runPrefix}${++run}:`;
    const nodes = [0, 1, 2].map(() => new RedisThrottlerStorage(client, prefix));
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => nodes[i % 3].increment('ip', 60_000, 10, 0)),
    );
    expect(answers.filter((a) => !a.isBlocked)).toHaveLength(10);
    const ttl = await client.pttl(`${prefix}ip`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });
});

describe('MemoryThrottlerStorage', () => {
  let store: MemoryThrottlerStorage;
  beforeEach(() => {
    now = 1_000_000;
    store = new MemoryThrottlerStorage(() => now);
  });
  afterEach(() => store.close());

  const hit = (key = 'k', ttl = 60_000, limit = 2, block = 0) => store.increment(key, ttl, limit, block);

  it('keeps one small entry per key whatever the limit, and sweeps finished ones', async () => {
    for (let i = 0; i < 100_000; i++) await hit('busy', 60_000, 1_000_000);
    await hit('blocked', 60_000, 0, 600_000);
    expect(store.size).toBe(2);
    now += 60_000;
    store.sweep();
    expect(store.size).toBe(1);
    now += 540_000;
    store.sweep();
    expect(store.size).toBe(0);
  });
});

describe('FailClosedThrottlerStorage', () => {
  const record = { totalHits: 1, timeToExpire: 60, isBlocked: false, timeToBlockExpire: 0 };

  it('answers what the store answers', async () => {
    const store = new FailClosedThrottlerStorage({ increment: async () => record }, () => undefined);
    await expect(store.increment('k', 1000, 1, 0, 'ip')).resolves.toEqual(record);
  });

  it('fails closed: a store that cannot answer refuses the request with 503, and says why in the log', async () => {
    const broken: ThrottlerStorage = {
      increment: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:6379')),
    };
    const logged: string[] = [];
    const store = new FailClosedThrottlerStorage(broken, (m) => logged.push(m));
    const err = await store.increment('k', 1000, 1, 0, 'ip').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ status: 503, key: 'common.rate_limit_unavailable' });
    expect(logged).toEqual(['rate-limit store unavailable: connect ECONNREFUSED 127.0.0.1:6379']);
  });
});
