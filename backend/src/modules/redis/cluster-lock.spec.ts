import Redis from 'ioredis';
import type { AppConfig } from '../../config/env';
import { ClusterJobs } from './cluster-jobs.service';
import { ClusterLock, JOB_LOCK_PREFIX } from './cluster-lock';
import type { RedisConnection } from './redis-connection.service';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('ClusterLock', () => {
  const client = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  const key = `gw:test:job:${process.pid}:${Date.now()}`;
  afterAll(async () => {
    await client.del(key);
    await client.quit();
  });

  it('one holder at a time; it renews its own lease; only the holder releases it', async () => {
    const a = new ClusterLock(client, key, 'node-a');
    const b = new ClusterLock(client, key, 'node-b');
    expect(await a.acquire(60_000)).toBe(true);
    expect(await b.acquire(60_000)).toBe(false);
    expect(await a.acquire(60_000)).toBe(true); // renewed by its holder
    expect(await b.release()).toBe(false); // another token does not release
    expect(await client.get(key)).toBe('node-a');
    expect(await b.acquire(60_000)).toBe(false);
    expect(await a.release()).toBe(true);
    expect(await b.acquire(60_000)).toBe(true);
    expect(await client.pttl(key)).toBeGreaterThan(0);
  });

  it('a lease that lapses can be taken by another', async () => {
    const a = new ClusterLock(client, `${key}:lapse`, 'node-a');
    const b = new ClusterLock(client, `${key}:lapse`, 'node-b');
    expect(await a.acquire(50)).toBe(true);
    const deadline = Date.now() + 5000;
    while (!(await b.acquire(60_000)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(await client.get(`${key}:lapse`)).toBe('node-b');
    await client.del(`${key}:lapse`);
  });
});

describe('ClusterJobs', () => {
  const config = (nodeName: string) => ({ nodeName }) as AppConfig;
  const connection = (client: Redis | null, up: boolean) =>
    ({ client, up, reportFallback: jest.fn() }) as unknown as RedisConnection;
  const client = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  const job = `test-${process.pid}-${Date.now()}`;
  afterAll(async () => {
    await client.del(JOB_LOCK_PREFIX + job);
    await client.quit();
  });

  it('two masters on one Redis: each period runs on one of them only', async () => {
    const masters = [
      new ClusterJobs(config('a'), connection(client, true)),
      new ClusterJobs(config('b'), connection(client, true)),
    ];
    const ran = [0, 0];
    for (let period = 0; period < 3; period++)
      for (const i of [0, 1]) await masters[i].run(job, 60_000, () => (ran[i] += 1));
    expect(ran).toEqual([3, 0]);
    await masters[0].beforeApplicationShutdown();
    await masters[1].run(job, 60_000, () => (ran[1] += 1));
    expect(ran).toEqual([3, 1]);
  });

  it('runs without Redis, and while Redis is away (the master is the authority)', async () => {
    let ran = 0;
    await new ClusterJobs(config('a'), connection(null, false)).run(job, 60_000, () => (ran += 1));
    const away = connection(client, false);
    await new ClusterJobs(config('a'), away).run(job, 60_000, () => (ran += 1));
    expect(ran).toBe(2);
    expect(away.reportFallback).toHaveBeenCalledWith(`job:${job}`, expect.any(Error));
  });
});
