import { Inject, Injectable, Logger, Optional, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Subscription } from 'rxjs';
import { serialized } from '../../../common/async/serialized';
import { APP_CONFIG, type AppConfig } from '../../../config/env';
import type { ChannelEntity } from '../../../database/entities';
import { ChannelService } from '../../channel/channel.service';
import { ClusterBus } from '../../redis/cluster-bus.service';
import {
  RELAY_SOURCE_COLUMNS,
  relaySource,
  toRelayChannel,
  type RelayChannel,
  type RelaySourceRow,
} from './relay-channel';
import { buildRoutingTable, type RoutingTable } from './routing-table';

/**
 * Every channel in memory with the routing index built from it. A channel write on this node is
 * applied from the change event; another node's write makes it reload the whole set
 * (docs/cluster.md), as it does every SYNC_FREQUENCY.
 *
 * Building the index goes over every channel's routing pairs (~4 ms for 60,000), so changes are
 * gathered and the index is built once for all of them: when it is next read, or at the next turn of
 * the event loop. A batch of 100 channels builds it once instead of 100 times. A reload keeps each
 * channel it made whose stored fields did not change (relaySource: no decryption, no parsing again),
 * and the index itself when no channel changed.
 */
@Injectable()
export class ChannelDirectory implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(ChannelDirectory.name);
  private snapshot: RoutingTable = buildRoutingTable([]);
  private subscription?: Subscription;
  private timer?: NodeJS.Timeout;
  /** Each channel as the last reload made it, with the stored fields it was made from. */
  private made = new Map<number, { source: string; relay: RelayChannel | null }>();
  /** Changes not yet in the index (null: the channel is gone); see `table`. */
  private readonly pending = new Map<number, ChannelEntity | null>();
  /** Ids applied from change events while a reload was reading: the reload keeps their newer state. */
  private readonly appliedDuringReload = new Set<Set<number>>();
  /** Reads every channel (boot, periodic sync, another node's change); never overlapping. */
  readonly reload = serialized(() => this.readAll());

  constructor(
    private readonly channels: ChannelService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() private readonly bus?: ClusterBus,
  ) {}

  async onModuleInit(): Promise<void> {
    this.subscription = this.channels.changes.subscribe(({ id, channel }) => this.apply(id, channel));
    await this.reload();
    this.bus?.subscribe('channel', () => this.reload());
    this.bus?.onResync(() => this.reload());
    this.timer = setInterval(() => {
      this.reload().catch((err) => this.logger.warn(`channel reload failed: ${String(err)}`));
    }, this.config.syncFrequencySec * 1000);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
    this.subscription?.unsubscribe();
  }

  /** The current index, with every change announced so far; hold it for one request. */
  get table(): RoutingTable {
    this.applyPending();
    return this.snapshot;
  }

  private async readAll(): Promise<void> {
    const applied = new Set<number>();
    this.appliedDuringReload.add(applied);
    try {
      const rows = await this.channels.readAll(RELAY_SOURCE_COLUMNS);
      const made = new Map<number, { source: string; relay: RelayChannel | null }>();
      const next = new Map<number, RelayChannel>();
      for (const c of rows) {
        const source = relaySource(c);
        const before = this.made.get(c.id);
        const relay = before?.source === source ? before.relay : this.toRelay(c);
        made.set(c.id, { source, relay });
        if (relay) next.set(c.id, relay);
      }
      this.made = made;
      this.applyPending();
      for (const id of applied) {
        const current = this.snapshot.all.get(id);
        if (current) next.set(id, current);
        else next.delete(id);
      }
      if (!sameChannels(this.snapshot.all, next)) this.snapshot = buildRoutingTable(next.values());
    } finally {
      this.appliedDuringReload.delete(applied);
    }
  }

  private apply(id: number, channel: ChannelEntity | null): void {
    if (this.pending.size === 0) setImmediate(() => this.applyPending());
    this.pending.set(id, channel);
    for (const applied of this.appliedDuringReload) applied.add(id);
  }

  private applyPending(): void {
    if (this.pending.size === 0) return;
    const next = new Map(this.snapshot.all);
    for (const [id, channel] of this.pending) {
      const relay = channel ? this.toRelay(channel) : null;
      if (relay) next.set(id, relay);
      else next.delete(id);
    }
    this.pending.clear();
    this.snapshot = buildRoutingTable(next.values());
  }

  /** A channel whose key cannot be decrypted (CRYPTO_SECRET changed) is left out, loudly. */
  private toRelay(c: RelaySourceRow): RelayChannel | null {
    try {
      return toRelayChannel(c, this.channels.keysOf(c));
    } catch {
      this.logger.error(`channel #${c.id}: key cannot be decrypted with the current CRYPTO_SECRET`);
      return null;
    }
  }
}

/** The same channel objects under the same ids. */
function sameChannels(a: ReadonlyMap<number, RelayChannel>, b: ReadonlyMap<number, RelayChannel>): boolean {
  if (a.size !== b.size) return false;
  for (const [id, channel] of b) if (a.get(id) !== channel) return false;
  return true;
}
