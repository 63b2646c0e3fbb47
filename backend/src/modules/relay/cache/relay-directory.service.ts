import { Inject, Injectable, Logger, Optional, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Subscription } from 'rxjs';
import { serialized } from '../../../common/async/serialized';
import { APP_CONFIG, type AppConfig } from '../../../config/env';
import type { TokenEntity } from '../../../database/entities';
import { RelayMetrics } from '../../metrics/relay-metrics.service';
import { ClusterBus } from '../../redis/cluster-bus.service';
import { TokenService } from '../../token/token.service';
import { UserService, type RelayUserRecord } from '../../user/user.service';
import type { RelayCaller } from '../pipeline/relay-caller';
import { MemoryReadThroughCache, type ReadThroughCache } from './read-through-cache';
import { toCachedToken, toCachedUser, type CachedToken, type CachedUser } from './relay-records';

/** Rows per refresh read: each answer is made into cache entries on the event loop in one go. */
const REFRESH_CHUNK = 100;

/**
 * Tokens (by key hash) and users (by id) for the relay, read through in-memory caches: a key costs
 * one database read when first seen, then none. Entries are dropped when their owner module
 * announces a change, on this node or another (docs/cluster.md), and refreshed in bulk every
 * SYNC_FREQUENCY.
 */
@Injectable()
export class RelayDirectory implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(RelayDirectory.name);
  readonly tokens: ReadThroughCache<string, CachedToken>;
  readonly users: ReadThroughCache<number, CachedUser>;
  private readonly subscriptions: Subscription[] = [];
  private timer?: NodeJS.Timeout;
  /** Re-reads every cached entry (periodic sync, and after messages from other nodes may have been lost). */
  private readonly refresh = serialized(async () => {
    await Promise.all([this.tokens.refresh(), this.users.refresh()]);
  });

  constructor(
    private readonly tokenService: TokenService,
    private readonly userService: UserService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() metrics?: RelayMetrics,
    @Optional() private readonly bus?: ClusterBus,
  ) {
    const idleMs = Math.max(10 * config.syncFrequencySec * 1000, 600_000);
    const tokensOf = (rows: TokenEntity[]) => new Map(rows.map((t) => [t.key_hash, toCachedToken(t)]));
    const usersOf = (rows: RelayUserRecord[]) => new Map(rows.map((u) => [u.id, toCachedUser(u)]));
    // A miss is read at once on the app's connection; the refresh, off the event loop (docs/ledger.md).
    this.tokens = new MemoryReadThroughCache(async (hashes) => tokensOf(await tokenService.findByKeyHashes(hashes)), {
      idleMs,
      maxNegative: 10_000,
      observe: metrics?.cacheObserver('tokens'),
      reload: async (hashes) => tokensOf(await tokenService.readByKeyHashes(hashes)),
      refreshChunk: REFRESH_CHUNK,
    });
    this.users = new MemoryReadThroughCache(async (ids) => usersOf(await userService.findRelayProfiles(ids)), {
      idleMs,
      maxNegative: 1_000,
      observe: metrics?.cacheObserver('users'),
      reload: async (ids) => usersOf(await userService.readRelayProfiles(ids)),
      refreshChunk: REFRESH_CHUNK,
    });
  }

  onModuleInit(): void {
    this.subscriptions.push(this.tokenService.changes.subscribe((c) => this.tokens.invalidate(c.keyHash)));
    this.subscriptions.push(this.userService.changes.subscribe((id) => this.users.invalidate(id)));
    this.bus?.subscribe('token', ({ keyHash }) => this.tokens.invalidate(keyHash));
    this.bus?.subscribe('user', ({ id }) => this.users.invalidate(id));
    this.bus?.onResync(() => this.refresh());
    this.timer = setInterval(() => {
      this.refresh().catch((err) => this.logger.warn(`cache refresh failed: ${String(err)}`));
    }, this.config.syncFrequencySec * 1000);
    this.timer.unref();
  }

  /**
   * Moves the caller's cached balance (and the token's, when it was drawn on) by `delta`, as the
   * ledger just did in the database, so the next request admits against it without a read.
   */
  moveQuota(caller: RelayCaller, tokenDrawn: boolean, delta: number): void {
    if (delta === 0) return;
    if (tokenDrawn && caller.tokenHash)
      this.tokens.update(caller.tokenHash, (t) => ({ ...t, remainQuota: t.remainQuota + delta }));
    this.users.update(caller.user.id, (u) => ({ ...u, quota: u.quota + delta }));
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
    for (const s of this.subscriptions) s.unsubscribe();
  }
}
