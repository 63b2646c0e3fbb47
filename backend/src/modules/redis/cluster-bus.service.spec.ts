import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import type { AppConfig } from '../../config/env';
import { ClusterBus } from './cluster-bus.service';
import { RedisConnection } from './redis-connection.service';

/**
 * Two nodes' buses in one process against the Redis at 127.0.0.1:6379 (shared with other runs: each
 * run uses its own channel name, so parallel runs never see each other's messages).
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

beforeAll(() => Logger.overrideLogger(false));
afterAll(() => Logger.overrideLogger(['log', 'error', 'warn']));

async function until(cond: () => boolean, what: string, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** One node: its connection, its bus, and what its handlers saw. */
async function node(name: string, channel: string) {
  const config = { redisUrl: REDIS_URL, nodeName: name } as AppConfig;
  const redis = new RedisConnection(config);
  const bus = new ClusterBus(redis, config, undefined, channel);
  const seen: string[] = [];
  let resyncs = 0;
  bus.subscribe('token', ({ keyHash }) => void seen.push(`token ${keyHash}`));
  bus.subscribe('user', ({ id }) => void seen.push(`user ${id}`));
  bus.onResync(() => void resyncs++);
  // Subscribed once the first resynchronisation ran (it follows the subscription).
  await until(() => redis.up && resyncs > 0, `${name} to subscribe`);
  return { redis, bus, seen, resyncs: () => resyncs, close: () => redis.onApplicationShutdown() };
}

describe('ClusterBus over Redis', () => {
  const channel = `test:cluster-bus:${randomUUID()}`;
  let a: Awaited<ReturnType<typeof node>>;
  let b: Awaited<ReturnType<typeof node>>;
  beforeAll(async () => {
    a = await node('a', channel);
    b = await node('b', channel);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });
  beforeEach(() => {
    a.seen.length = 0;
    b.seen.length = 0;
  });

  it('delivers a message to the other node and never back to the publisher', async () => {
    await a.bus.publish('token', { keyHash: 'h1' });
    await b.bus.publish('user', { id: 7 });
    await until(() => b.seen.length === 1 && a.seen.length === 1, 'both messages');
    expect(b.seen).toEqual(['token h1']);
    expect(a.seen).toEqual(['user 7']); // a's own token message was ignored
  });

  it('ignores malformed messages and keeps going when a handler fails', async () => {
    const other = new RedisConnection({ redisUrl: REDIS_URL, nodeName: 'stranger' } as AppConfig);
    await until(() => other.up, 'stranger connection');
    for (const text of [
      'not json',
      '{"from":"x","topic":"user","data":{"id":"7"}}',
      '{"from":"x","topic":"nope","data":{}}',
    ])
      await other.client!.publish(channel, text);
    await other.onApplicationShutdown();
    b.bus.subscribe('user', () => {
      throw new Error('handler broke');
    });
    await a.bus.publish('user', { id: 8 });
    await until(() => b.seen.length === 1, 'the valid message');
    expect(b.seen).toEqual(['user 8']);
  });

  it('resynchronises after its subscriber reconnects (messages meanwhile were lost)', async () => {
    const before = b.resyncs();
    b.redis.subscriber!.disconnect(true);
    await until(() => b.resyncs() > before, 'resync after reconnect');
    await a.bus.publish('token', { keyHash: 'after-reconnect' });
    await until(() => b.seen.includes('token after-reconnect'), 'delivery after reconnect');
  });

  it('asks the other nodes to resynchronise once Redis is back when one of its messages was dropped', async () => {
    const before = b.resyncs();
    a.redis.client!.disconnect(true);
    await a.bus.publish('user', { id: 9 }); // refused at once: no offline queue
    await until(() => b.resyncs() > before, 'resync asked by a');
    expect(b.seen).toEqual([]);
  });
});

describe('ClusterBus without Redis', () => {
  it('publishes nothing and calls no handler', async () => {
    const config = { redisUrl: '', nodeName: 'solo' } as AppConfig;
    const bus = new ClusterBus(new RedisConnection(config), config);
    const seen: unknown[] = [];
    bus.subscribe('user', (d) => void seen.push(d));
    bus.onResync(() => void seen.push('resync'));
    await expect(bus.publish('user', { id: 1 })).resolves.toBeUndefined();
    expect(seen).toEqual([]);
  });
});
