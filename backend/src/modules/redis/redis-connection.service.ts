import { Inject, Injectable, Logger, Optional, type OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { RelayMetrics } from '../metrics/relay-metrics.service';

/** A command that takes longer than this fails (the caller falls back) instead of holding a request. */
const COMMAND_TIMEOUT_MS = 500;
/** Reconnect backoff: 100 ms, 200 ms, … up to 2 s, forever. */
const retryStrategy = (times: number): number => Math.min(times * 100, 2000);

/**
 * The shared Redis of a cluster (REDIS_CONN_STRING; docs/cluster.md), or none. Two connections: one
 * for commands and one that only subscribes (a subscribing ioredis connection accepts no other
 * commands). Commands never queue while Redis is away (no offline queue) and time out quickly, so
 * every caller can fall back to its per-node behaviour at once; `up` says which mode is in force and
 * a transition is logged once each way and counted in gateway_redis_up.
 */
@Injectable()
export class RedisConnection implements OnApplicationShutdown {
  private readonly logger = new Logger('Redis');
  /** The command connection; null when REDIS_CONN_STRING is empty. */
  readonly client: Redis | null;
  /** The subscriber connection; null when REDIS_CONN_STRING is empty. */
  readonly subscriber: Redis | null;
  private ready = false;
  private readonly readyListeners: Array<() => void> = [];
  /** Components whose fallback was logged during the current outage. */
  private readonly fallbackLogged = new Set<string>();

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Optional() private readonly metrics?: RelayMetrics,
  ) {
    if (!config.redisUrl) {
      this.client = null;
      this.subscriber = null;
      return;
    }
    const options = {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: COMMAND_TIMEOUT_MS,
      retryStrategy,
      connectionName: `gateway:${config.nodeName}`,
    };
    this.client = new Redis(config.redisUrl, options);
    // The subscriber re-subscribes by itself after a reconnect (autoResubscribe) and needs no timeout.
    this.subscriber = new Redis(config.redisUrl, { ...options, commandTimeout: undefined, enableOfflineQueue: true });
    this.client.on('ready', () => this.setUp(true));
    this.client.on('close', () => this.setUp(false));
    // Errors are reported through the up/down transitions; ioredis wants a listener or it prints them.
    this.client.on('error', () => undefined);
    this.subscriber.on('error', () => undefined);
    metrics?.probe(
      'gateway_redis_up',
      'Whether this node is connected to Redis (1) or serving on its own fallbacks (0).',
      () => (this.ready ? 1 : 0),
    );
  }

  /** Whether Redis is configured at all (REDIS_CONN_STRING). */
  get configured(): boolean {
    return this.client !== null;
  }

  /** Whether commands can be sent now. */
  get up(): boolean {
    return this.ready;
  }

  /** Calls `listener` each time the command connection becomes ready again (after a boot or an outage). */
  onReady(listener: () => void): void {
    this.readyListeners.push(listener);
  }

  /**
   * Reports a failed command of `component` (falling back to per-node behaviour). Counted each time in
   * gateway_redis_fallback_total; logged at most once per outage per component, so that a burst of
   * requests during an outage writes one line each.
   */
  reportFallback(component: string, err: unknown): void {
    this.metrics?.redisFallback(component);
    if (this.fallbackLogged.has(component)) return;
    this.fallbackLogged.add(component);
    this.logger.warn(
      `${component}: Redis command failed (${err instanceof Error ? err.message : String(err)}); using this node's fallback`,
    );
  }
  private setUp(up: boolean): void {
    if (up === this.ready) return;
    this.ready = up;
    if (up) {
      this.fallbackLogged.clear();
      this.logger.log('Redis connected: caches are invalidated and limits counted across the cluster');
      for (const l of this.readyListeners) l();
    } else {
      this.logger.warn('Redis unavailable: serving from the database, limits counted per node until it is back');
    }
  }

  /** Closes both connections; while Redis is away, quit() fails and disconnect() stops the reconnecting. */
  async onApplicationShutdown(): Promise<void> {
    await Promise.all([this.client?.quit().catch(() => undefined), this.subscriber?.quit().catch(() => undefined)]);
    this.client?.disconnect();
    this.subscriber?.disconnect();
  }
}
