import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Subscription } from 'rxjs';
import { APP_CONFIG, type AppConfig } from '../../../config/env';
import type { ChannelEntity } from '../../../database/entities';
import { ChannelService } from '../../channel/channel.service';
import { toRelayChannel, type RelayChannel } from './relay-channel';
import { buildRoutingTable, type RoutingTable } from './routing-table';

/**
 * Every channel in memory with the routing index built from it. A channel write on this node is
 * applied at once from the change event; the whole set is reloaded every SYNC_FREQUENCY.
 */
@Injectable()
export class ChannelDirectory implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(ChannelDirectory.name);
  private snapshot: RoutingTable = buildRoutingTable([]);
  private subscription?: Subscription;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly channels: ChannelService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    this.subscription = this.channels.changes.subscribe(({ id, channel }) => this.apply(id, channel));
    await this.reload();
    this.timer = setInterval(() => {
      this.reload().catch((err) => this.logger.warn(`channel reload failed: ${String(err)}`));
    }, this.config.syncFrequencySec * 1000);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
    this.subscription?.unsubscribe();
  }

  /** The current index; hold it for one request. */
  get table(): RoutingTable {
    return this.snapshot;
  }

  async reload(): Promise<void> {
    const rows = await this.channels.loadAll();
    this.snapshot = buildRoutingTable(rows.map((c) => this.toRelay(c)).filter((c): c is RelayChannel => c !== null));
  }

  private apply(id: number, channel: ChannelEntity | null): void {
    const next = new Map(this.snapshot.all);
    const relay = channel ? this.toRelay(channel) : null;
    if (relay) next.set(id, relay);
    else next.delete(id);
    this.snapshot = buildRoutingTable(next.values());
  }

  /** A channel whose key cannot be decrypted (CRYPTO_SECRET changed) is left out, loudly. */
  private toRelay(c: ChannelEntity): RelayChannel | null {
    try {
      return toRelayChannel(c, this.channels.keysOf(c));
    } catch {
      this.logger.error(`channel #${c.id}: key cannot be decrypted with the current CRYPTO_SECRET`);
      return null;
    }
  }
}
