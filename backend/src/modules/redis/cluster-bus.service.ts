import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { RelayMetrics } from '../metrics/relay-metrics.service';
import { RedisConnection } from './redis-connection.service';

/**
 * What each topic carries: which row changed, never its content (ids and key hashes only, no secrets).
 * A receiver re-reads the row from the database.
 */
export interface BusTopics {
  /** A token row changed: drop it from the relay cache by the keyed hash of its key. */
  token: { keyHash: string };
  /** A user row changed (status, role, group, quota, credentials). */
  user: { id: number };
  /** A channel row or its routing rows changed (or it was deleted). */
  channel: { id: number };
  /** The stored states of a multi-key channel's keys changed. */
  'channel-keys': { channelId: number };
  /** Options were written (prices, ratios, settings): reload them all. */
  options: Record<string, never>;
}
export type BusTopic = keyof BusTopics;
export type BusHandler<T extends BusTopic> = (data: BusTopics[T]) => void | Promise<void>;

/** Payload checks: a message from another version or a stranger on the channel is ignored. */
const VALID: { readonly [T in BusTopic]: (d: Record<string, unknown>) => boolean } = {
  token: (d) => typeof d.keyHash === 'string',
  user: (d) => Number.isSafeInteger(d.id),
  channel: (d) => Number.isSafeInteger(d.id),
  'channel-keys': (d) => Number.isSafeInteger(d.channelId),
  options: () => true,
};

/** The topic of "resynchronise everything": sent by a node whose own messages were lost. */
const RESYNC = 'resync';

interface Message {
  from: string;
  topic: string;
  data: Record<string, unknown>;
}

/** The Redis channel every node of a cluster publishes and listens on. */
export const CLUSTER_BUS_CHANNEL = 'gateway:cluster-bus';

/**
 * Cache invalidation between the nodes of a cluster over one Redis pub/sub channel (docs/cluster.md).
 * Owners publish their committed writes; caches subscribe and re-read from the database. Messages are
 * tagged with this process's id, so a node never handles its own (its caches were told locally), and
 * received messages are never published again. Delivery is best effort: when Redis is away a publish
 * is dropped, and once the connection is back every cache resynchronises fully (`onResync`), which is
 * also what the periodic SYNC_FREQUENCY reload does. Without REDIS_CONN_STRING everything is a no-op.
 */
@Injectable()
export class ClusterBus {
  private readonly logger = new Logger('ClusterBus');
  /** This process among all publishers: the node name plus a random part (restarts differ). */
  readonly origin: string;
  private readonly handlers = new Map<BusTopic, BusHandler<BusTopic>[]>();
  private readonly resyncs: Array<() => void | Promise<void>> = [];
  /** A publish of this node was dropped: the others are asked to resynchronise once Redis is back. */
  private dropped = false;

  constructor(
    private readonly redis: RedisConnection,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'nodeName'>,
    @Optional() private readonly metrics?: RelayMetrics,
    @Optional() @Inject(CLUSTER_BUS_CHANNEL) private readonly channel: string = CLUSTER_BUS_CHANNEL,
  ) {
    this.origin = `${config.nodeName}:${randomUUID()}`;
    const subscriber = redis.subscriber;
    if (!subscriber) return;
    subscriber.on('message', (channel: string, text: string) => {
      if (channel === this.channel) this.receive(text);
    });
    // Each (re)connection subscribes, then resynchronises: whatever was published while this node was
    // not listening (an outage, or before the first subscription at boot) is read from the database.
    subscriber.on('ready', () => void this.listen());
    if (subscriber.status === 'ready') void this.listen();
    redis.onReady(() => {
      if (!this.dropped) return;
      this.dropped = false;
      void this.send(RESYNC, {});
    });
  }

  /** Tells the other nodes that `topic` changed; never throws and never waits for Redis (fire and forget). */
  publish<T extends BusTopic>(topic: T, data: BusTopics[T]): Promise<void> {
    return this.send(topic, data);
  }

  /** Calls `handler` for each message of `topic` from another node. Its failures are logged, not thrown. */
  subscribe<T extends BusTopic>(topic: T, handler: BusHandler<T>): void {
    const list = this.handlers.get(topic) ?? [];
    list.push(handler as BusHandler<BusTopic>);
    this.handlers.set(topic, list);
  }

  /** Calls `handler` when messages may have been lost: reload everything, as the periodic sync does. */
  onResync(handler: () => void | Promise<void>): void {
    this.resyncs.push(handler);
  }

  private async send(topic: BusTopic | typeof RESYNC, data: object): Promise<void> {
    const client = this.redis.client;
    if (!client) return;
    const message: Message = { from: this.origin, topic, data: data as Record<string, unknown> };
    try {
      await client.publish(this.channel, JSON.stringify(message));
      this.metrics?.busMessage(topic, 'published');
    } catch (err) {
      this.dropped = true;
      this.metrics?.busMessage(topic, 'dropped');
      this.redis.reportFallback('cluster bus', err);
    }
  }

  private async listen(): Promise<void> {
    try {
      await this.redis.subscriber!.subscribe(this.channel);
    } catch (err) {
      // The next 'ready' tries again; until then the periodic reload covers.
      this.redis.reportFallback('cluster bus', err);
      return;
    }
    this.resync();
  }

  private receive(text: string): void {
    let message: Message;
    try {
      message = JSON.parse(text) as Message;
    } catch {
      return;
    }
    if (typeof message !== 'object' || message === null || message.from === this.origin) return;
    if (message.topic === RESYNC) {
      this.metrics?.busMessage(RESYNC, 'received');
      this.resync();
      return;
    }
    const topic = message.topic as BusTopic;
    const data = message.data;
    if (!Object.hasOwn(VALID, topic) || typeof data !== 'object' || data === null || !VALID[topic](data)) return;
    this.metrics?.busMessage(topic, 'received');
    for (const handler of this.handlers.get(topic) ?? []) this.run(topic, () => handler(data as never));
  }

  private resync(): void {
    for (const handler of this.resyncs) this.run(RESYNC, handler);
  }

  private run(topic: string, handler: () => void | Promise<void>): void {
    Promise.resolve()
      .then(handler)
      .catch((err: unknown) =>
        this.logger.warn(`${topic}: applying a change from another node failed: ${String(err)}`),
      );
  }
}
