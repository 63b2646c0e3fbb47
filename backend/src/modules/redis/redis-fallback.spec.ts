import { Logger } from '@nestjs/common';
import type { AppConfig } from '../../config/env';
import { RedisServerProcess } from '../../testing/redis-server';
import { RelayMetrics } from '../metrics/relay-metrics.service';
import { ADMITTED, MemoryRateLimitStore, type LimitRule } from '../relay/limits/rate-limit-store';
import { FallbackRateLimitStore, RedisRateLimitStore } from '../relay/limits/redis-rate-limit-store';
import { FallbackThrottlerStorage, RedisThrottlerStorage } from '../throttle/redis-throttle-storage';
import { MemoryThrottlerStorage } from '../throttle/throttle-storage';
import { RedisConnection } from './redis-connection.service';

/** One gateway node's view: its connection, metrics and the limit stores built as the modules build them. */
function node(url: string, name: string) {
  const metrics = new RelayMetrics();
  const redis = new RedisConnection({ redisUrl: url, nodeName: name } as AppConfig, metrics);
  const local = new MemoryThrottlerStorage();
  return {
    redis,
    metrics,
    relay: new FallbackRateLimitStore(new RedisRateLimitStore(redis.client!), new MemoryRateLimitStore(), redis),
    throttle: new FallbackThrottlerStorage(new RedisThrottlerStorage(redis.client!), local, redis),
    async fallbacks(component: string): Promise<number> {
      const text = await metrics.registry.metrics();
      const m = new RegExp(`^gateway_redis_fallback_total\\{component="${component}"\\} (\\d+)$`, 'm').exec(text);
      return m ? Number(m[1]) : 0;
    },
    async close() {
      local.close();
      await redis.onApplicationShutdown();
    },
  };
}

async function until(what: string, condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const rule = (key: string, limit: number): LimitRule => ({ key, windowMs: 60_000, limit, counted: true });

/** Answers of `n` requests alternating between the nodes, each node's in order. */
async function relayAnswers(nodes: ReturnType<typeof node>[], key: string, limit: number, n: number) {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(await nodes[i % nodes.length].relay.take([rule(key, limit)], Date.now()));
  return out.map((a) => (a === ADMITTED ? 'ok' : 'refused'));
}

async function throttleAnswers(nodes: ReturnType<typeof node>[], key: string, limit: number, n: number) {
  const out: string[] = [];
  for (let i = 0; i < n; i++)
    out.push(
      (await nodes[i % nodes.length].throttle.increment(key, 60_000, limit, 0, 'ip')).isBlocked ? 'refused' : 'ok',
    );
  return out;
}

describe('limits while Redis comes and goes', () => {
  let server: RedisServerProcess;
  let nodes: ReturnType<typeof node>[];
  beforeAll(async () => {
    Logger.overrideLogger(false);
    server = await RedisServerProcess.launch();
    nodes = [node(server.url, 'a'), node(server.url, 'b')];
    await until('both nodes are connected', () => nodes.every((n) => n.redis.up));
  });
  afterAll(async () => {
    await Promise.all(nodes.map((n) => n.close()));
    await server.stop();
    Logger.overrideLogger(['error', 'warn', 'log']);
  });

  it('shares one budget while Redis is up, falls back to per-node budgets while it is down, and shares again once it is back', async () => {
    // Up: 4 between both nodes.
    expect(await relayAnswers(nodes, 'up', 4, 6)).toEqual(['ok', 'ok', 'ok', 'ok', 'refused', 'refused']);
    expect(await throttleAnswers(nodes, 'up', 4, 6)).toEqual(['ok', 'ok', 'ok', 'ok', 'refused', 'refused']);
    expect(await nodes[0].fallbacks('relay-limits')).toBe(0);

    // Down: nothing refused within a node's own 4, and never unlimited.
    await server.stop();
    await until('both nodes see Redis gone', () => nodes.every((n) => !n.redis.up));
    const perNode = ['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'refused', 'refused'];
    expect(await relayAnswers(nodes, 'down', 4, 10)).toEqual(perNode);
    expect(await throttleAnswers(nodes, 'down', 4, 10)).toEqual(perNode);
    expect(await nodes[0].fallbacks('relay-limits')).toBe(5);
    expect(await nodes[1].fallbacks('throttle')).toBe(5);

    // Back: shared again, by itself.
    await server.start();
    await until('both nodes reconnect', () => nodes.every((n) => n.redis.up), 15_000);
    expect(await relayAnswers(nodes, 'back', 4, 6)).toEqual(['ok', 'ok', 'ok', 'ok', 'refused', 'refused']);
    expect(await throttleAnswers(nodes, 'back', 4, 6)).toEqual(['ok', 'ok', 'ok', 'ok', 'refused', 'refused']);
    expect(await nodes[0].fallbacks('relay-limits')).toBe(5);
  });

  it('a command that fails while the connection still looks up falls back too', async () => {
    const n = nodes[0];
    const failing = new FallbackRateLimitStore(
      { take: () => Promise.reject(new Error('Command timed out')), hit: () => undefined },
      new MemoryRateLimitStore(),
      n.redis,
    );
    const before = await n.fallbacks('relay-limits');
    expect(await failing.take([rule('timeout', 1)], Date.now())).toBe(ADMITTED);
    expect(await failing.take([rule('timeout', 1)], Date.now())).toBe(0);
    expect(await n.fallbacks('relay-limits')).toBe(before + 2);
  });
});
