import { Injectable } from '@nestjs/common';
import { AdaptorRegistry } from '../../../providers/adaptor-registry';
import { RelayError } from '../http/relay-error';
import { ChannelDirectory } from '../routing/channel-directory.service';
import { ChannelHealth } from '../routing/channel-health.service';
import { ChannelKeyPicker } from '../routing/channel-key-picker.service';
import type { BreakerPolicy } from '../../channel/health/circuit-breaker';
import { pickHealthy, type Tier } from '../routing/routing-table';
import { canServe, unservable } from '../routing/request-fit';
import type { RelayChannel } from '../routing/relay-channel';
import type { Delivered, Failed, RelayContext, RelayOutcome, Route } from './relay-context';
import { cutByShutdown } from './relay-drain';
import type { AttemptFailure } from './attempt-failure';
import { UpstreamAttempt } from './upstream-attempt.service';

/**
 * Chooses channels and retries. A failure is retried (up to RetryTimes) on another channel of the
 * next lower priority tier, never on one already tried, and never once bytes reached the client.
 */
@Injectable()
export class RelayExecutor {
  constructor(
    private readonly directory: ChannelDirectory,
    private readonly registry: AdaptorRegistry,
    private readonly attempt: UpstreamAttempt,
    private readonly health: ChannelHealth,
    private readonly keys: ChannelKeyPicker,
  ) {}

  /**
   * Where the request may go, decided before money moves: 503 when nothing can serve it now, 400
   * when the model's channels cannot serve the endpoint at all (routing/request-fit.ts).
   */
  route(ctx: Pick<RelayContext, 'caller' | 'req'>): Route {
    const table = this.directory.table;
    const { caller, req } = ctx;
    if (caller.pinnedChannelId !== null) {
      const pinned = table.channel(caller.pinnedChannelId);
      if (!pinned || pinned.status !== 1 || !this.supports(pinned, req)) {
        throw RelayError.denied('relay.pinned_channel_unavailable', 'channel_unavailable');
      }
      return { pinned };
    }
    const tiers = table.tiers(caller.group, req.model);
    if (!tiers.some((t) => t.channels.some((c) => this.supports(c, req)))) {
      throw unservable(table.all.values(), caller.group, req, (c) => this.registry.get(c.type)?.adaptor.modes);
    }
    return { tiers };
  }

  async run(ctx: RelayContext, route: Route): Promise<RelayOutcome> {
    const tried: number[] = [];
    const retries = 'pinned' in route ? 0 : ctx.settings.RetryTimes;
    let below: number | null = null;
    let last: { failure: AttemptFailure; channel: RelayChannel } | null = null;
    // A multi-key channel whose key failed may serve the retry with another key (docs/channel-types.md#multi-key-channels).
    let again: { channel: RelayChannel; avoid: Set<number> } | null = null;
    const policy = this.health.policy(ctx.settings);
    for (let i = 0; i <= retries; i++) {
      const channel: RelayChannel | null = again
        ? again.channel
        : 'pinned' in route
          ? route.pinned
          : this.pick(route.tiers, tried, below, ctx.req, policy);
      if (!channel) break;
      const avoid: Set<number> = again?.avoid ?? new Set<number>();
      again = null;
      if (!tried.includes(channel.id)) tried.push(channel.id);
      const attemptStartedAt = performance.now();
      const result = await this.attempt.run(ctx, channel, tried, avoid);
      // A request cut by the shutdown says nothing about the channel.
      const cut = cutByShutdown(ctx.signal);
      if (policy && !cut) this.health.observe(channel, result, policy, attemptStartedAt, ctx.startedAt);
      if (result.kind === 'delivered') return result satisfies Delivered;
      const keyFailed =
        !cut &&
        this.health.observeFailure(channel, result.status, result.message, ctx.settings, result.keyIndex ?? null);
      last = { failure: result, channel };
      if (!result.retryable || ctx.signal.aborted) break;
      if (keyFailed && typeof result.keyIndex === 'number') {
        const next = new Set([...avoid, result.keyIndex]);
        if (this.keys.hasUsable(channel, next)) {
          again = { channel, avoid: next };
          continue;
        }
      }
      below = channel.priority;
    }
    const error = last?.failure.error ?? RelayError.noChannel(ctx.caller.group, ctx.req.model);
    return { kind: 'failed', error, channel: last?.channel ?? null, tried } satisfies Failed;
  }

  /** The channel of the next attempt; with health routing on, channels whose breaker is open are skipped if possible. */
  private pick(
    tiers: readonly Tier[],
    tried: readonly number[],
    below: number | null,
    req: RelayContext['req'],
    policy: BreakerPolicy | null,
  ) {
    return pickHealthy(
      tiers,
      { exclude: new Set(tried), belowPriority: below, accept: (c) => this.supports(c, req), random: Math.random },
      policy && ((c) => this.health.healthy(c, policy)),
    );
  }

  private supports(c: RelayChannel, req: RelayContext['req']): boolean {
    return canServe(this.registry.get(c.type)?.adaptor.modes, req);
  }
}
