import { createHmac } from 'node:crypto';
import { Inject, Injectable, Logger, Optional, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ChannelKeyStatus, type ChannelKeyStatusValue } from '@gw/shared';
import { In, Repository } from 'typeorm';
import { serialized } from '../../common/async/serialized';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { nowSec } from '../../database/columns';
import { isUniqueViolation } from '../../database/db-errors';
import { ChannelKeyStateEntity } from '../../database/entities';
import { ClusterBus } from '../redis/cluster-bus.service';

/** A disabled key's stored state. */
export interface KeyState {
  readonly status: ChannelKeyStatusValue;
  readonly reason: string;
  readonly time: number;
}

const ENABLED: KeyState = Object.freeze({ status: ChannelKeyStatus.Enabled, reason: '', time: 0 });

/**
 * The states of the upstream keys of multi-key channels (docs/channel-types.md#multi-key-channels),
 * stored per key fingerprint and held in memory for the relay (no database read per request). Every
 * change is a conditional UPDATE or a unique INSERT, so that two requests failing on the same key
 * disable it once, and the cache of this node is refreshed from the rows right after; other nodes
 * are told and reload (docs/cluster.md), and every node reloads every SYNC_FREQUENCY anyway.
 */
@Injectable()
export class ChannelKeyStore implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(ChannelKeyStore.name);
  /** channel id → fingerprint → state (disabled keys, and enabled ones that have a row). */
  private states = new Map<number, Map<string, KeyState>>();
  private timer?: NodeJS.Timeout;
  /** Reads every stored state (boot, periodic sync, another node's change); never overlapping. */
  readonly reload = serialized(() => this.readAll());

  constructor(
    @InjectRepository(ChannelKeyStateEntity) private readonly rows: Repository<ChannelKeyStateEntity>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() private readonly bus?: ClusterBus,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.reload();
    this.bus?.subscribe('channel-keys', () => this.reload());
    this.bus?.onResync(() => this.reload());
    this.timer = setInterval(() => {
      this.reload().catch((err) => this.logger.warn(`key state reload failed: ${String(err)}`));
    }, this.config.syncFrequencySec * 1000);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** A keyed hash naming a key without revealing it; stable while CRYPTO_SECRET is. */
  fingerprint(key: string): string {
    return createHmac('sha256', this.config.cryptoSecret).update(`channel-key:${key}`).digest('hex').slice(0, 40);
  }

  /** The state of one key of a channel (enabled when none is stored). */
  stateOf(channelId: number, fingerprint: string): KeyState {
    return this.states.get(channelId)?.get(fingerprint) ?? ENABLED;
  }

  /** The keys of a channel not disabled on their own (all of them when every key is disabled). */
  usableKeys(channelId: number, keys: readonly string[]): readonly string[] {
    if (keys.length <= 1) return keys;
    const usable = keys.filter((k) => this.stateOf(channelId, this.fingerprint(k)).status === ChannelKeyStatus.Enabled);
    return usable.length > 0 ? usable : keys;
  }

  /**
   * Disables a key unless it is disabled already; true when this call disabled it. `status`: 3 for
   * automatic (upstream failures), 2 for an operator's action.
   */
  async disable(
    channelId: number,
    fingerprint: string,
    status: ChannelKeyStatusValue,
    reason: string,
  ): Promise<boolean> {
    const state = { status, reason: reason.slice(0, 512), disabled_time: nowSec() };
    let changed: boolean;
    try {
      await this.rows.insert({ channel_id: channelId, fingerprint, ...state });
      changed = true;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const res = await this.rows
        .createQueryBuilder()
        .update(ChannelKeyStateEntity)
        .set(state)
        .where('channel_id = :channelId AND fingerprint = :fingerprint AND status = :enabled', {
          channelId,
          fingerprint,
          enabled: ChannelKeyStatus.Enabled,
        })
        .execute();
      changed = Boolean(res.affected);
    }
    await this.refresh(channelId, changed);
    return changed;
  }

  /**
   * Enables keys of a channel: the given fingerprints (all when omitted), only those whose status is
   * in `from` (default: any disabled one). Returns how many changed.
   */
  async enable(
    channelId: number,
    fingerprints?: readonly string[],
    from: readonly ChannelKeyStatusValue[] = [ChannelKeyStatus.ManuallyDisabled, ChannelKeyStatus.AutoDisabled],
  ): Promise<number> {
    if (fingerprints?.length === 0) return 0;
    const qb = this.rows
      .createQueryBuilder()
      .update(ChannelKeyStateEntity)
      .set({ status: ChannelKeyStatus.Enabled, reason: '', disabled_time: 0 })
      .where('channel_id = :channelId AND status IN (:...from)', { channelId, from });
    if (fingerprints) qb.andWhere('fingerprint IN (:...fingerprints)', { fingerprints });
    const res = await qb.execute();
    await this.refresh(channelId, Boolean(res.affected));
    return res.affected ?? 0;
  }

  /** Forgets the states of keys no longer on the channel (after a key edit), or all (channel deleted). */
  async prune(channelId: number, keep: readonly string[] = []): Promise<void> {
    const rows = await this.rows.find({ where: { channel_id: channelId } });
    const gone = rows.filter((r) => !keep.includes(r.fingerprint)).map((r) => r.id);
    if (gone.length > 0) await this.rows.delete({ id: In(gone) });
    await this.refresh(channelId, gone.length > 0);
  }

  private async readAll(): Promise<void> {
    const next = new Map<number, Map<string, KeyState>>();
    for (const r of await this.rows.find()) this.put(next, r);
    this.states = next;
  }

  /** Re-reads one channel's states after a write of this node; `changed` tells the other nodes too. */
  private async refresh(channelId: number, changed: boolean): Promise<void> {
    const rows = await this.rows.find({ where: { channel_id: channelId } });
    const next = new Map(this.states);
    next.delete(channelId);
    for (const r of rows) this.put(next, r);
    this.states = next;
    if (changed) void this.bus?.publish('channel-keys', { channelId });
  }

  private put(into: Map<number, Map<string, KeyState>>, r: ChannelKeyStateEntity): void {
    if (r.status === ChannelKeyStatus.Enabled) return;
    const byKey = into.get(r.channel_id) ?? new Map<string, KeyState>();
    byKey.set(r.fingerprint, {
      status: r.status as ChannelKeyStatusValue,
      reason: r.reason,
      time: Number(r.disabled_time),
    });
    into.set(r.channel_id, byKey);
  }
}
