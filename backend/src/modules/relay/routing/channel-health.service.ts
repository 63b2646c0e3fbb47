import { Injectable, Logger } from '@nestjs/common';
import { ChannelKeyStatus, type Settings } from '@gw/shared';
import { ChannelKeyStore } from '../../channel/channel-key-store';
import { ChannelService } from '../../channel/channel.service';
import type { BreakerPolicy } from '../../channel/health/circuit-breaker';
import { ChannelBreakers } from '../../channel/health/channel-breakers.service';
import type { AttemptFailure } from '../pipeline/attempt-failure';
import type { Delivered } from '../pipeline/relay-context';
import { autoDisableReason } from './auto-disable';
import { ChannelKeyPicker } from './channel-key-picker.service';
import { attemptLatency, deliveredVerdict, failureVerdict } from './health-outcome';
import type { RelayChannel } from './relay-channel';

/**
 * Acts on upstream outcomes. Auto-disable (off the response path): disables a channel when the
 * documented triggers say so; on a multi-key channel the failing key instead, and the channel once no
 * key is left enabled (docs/channel-types.md#multi-key-channels). Health-based routing: feeds every
 * attempt to the circuit breakers and tells routing which channels they let through
 * (docs/relay.md#health-based-routing).
 */
@Injectable()
export class ChannelHealth {
  private readonly logger = new Logger(ChannelHealth.name);

  constructor(
    private readonly channels: ChannelService,
    private readonly keyStates: ChannelKeyStore,
    private readonly keys: ChannelKeyPicker,
    private readonly breakers: ChannelBreakers,
  ) {}

  /** The breaker thresholds of an options snapshot; null while health routing is off. */
  policy(s: Settings): BreakerPolicy | null {
    return this.breakers.policy(s);
  }

  /**
   * Whether routing may choose the channel now: its breaker lets an attempt through, or on a
   * multi-key channel the breaker of one of its enabled keys does (the channel is open only when
   * every enabled key is).
   */
  healthy(channel: RelayChannel, p: BreakerPolicy): boolean {
    if (channel.keys.length <= 1) return this.breakers.available(channel.id, null, p);
    const prints = this.keys.fingerprints(channel);
    const now = Date.now();
    for (const print of prints)
      if (
        this.keyStates.stateOf(channel.id, print).status === ChannelKeyStatus.Enabled &&
        this.breakers.available(channel.id, print, p, now)
      )
        return true;
    return false;
  }

  /**
   * One attempt's outcome for the breaker of the channel, or of the key it used on a multi-key
   * channel. `attemptStartedAt`, `arrivedAt`: performance.now() values (latency of streams).
   */
  observe(
    channel: RelayChannel,
    result: Delivered | AttemptFailure,
    p: BreakerPolicy,
    attemptStartedAt: number,
    arrivedAt: number,
  ): void {
    let print: string | null = null;
    if (channel.keys.length > 1) {
      const index = result.keyIndex;
      if (typeof index !== 'number') return;
      print = this.keys.fingerprints(channel)[index] ?? null;
      if (print === null) return;
    }
    const verdict = result.kind === 'delivered' ? deliveredVerdict(result) : failureVerdict(result);
    if (verdict === 'neutral') this.breakers.neutral(channel.id, print);
    else if (verdict === 'error') this.breakers.failed(channel.id, print, p);
    else if (result.kind === 'delivered')
      this.breakers.succeeded(channel.id, print, attemptLatency(result, attemptStartedAt, arrivedAt), p);
  }

  /**
   * `message` must already be redacted; `keyIndex`: the key the attempt used. True when the failure
   * was the key's (a multi-key channel whose key is being disabled): another key may serve the request.
   */
  observeFailure(
    channel: RelayChannel,
    status: number | null,
    message: string,
    s: Settings,
    keyIndex: number | null = null,
  ): boolean {
    const reason = autoDisableReason(
      { enabled: s.AutomaticDisableChannelEnabled, keywords: s.AutomaticDisableKeywords },
      channel.autoBan,
      status,
      message,
    );
    if (!reason) return false;
    if (channel.keys.length > 1 && keyIndex !== null) {
      this.disableKey(channel, keyIndex, reason).catch((err) =>
        this.logger.warn(`auto-disable of key ${keyIndex} of channel #${channel.id} failed: ${String(err)}`),
      );
      return true;
    }
    this.channels
      .autoDisable(channel.id, reason)
      .catch((err) => this.logger.warn(`auto-disable of channel #${channel.id} failed: ${String(err)}`));
    return false;
  }

  private async disableKey(channel: RelayChannel, keyIndex: number, reason: string): Promise<void> {
    const prints = this.keys.fingerprints(channel);
    const print = prints[keyIndex];
    if (print === undefined) return;
    if (await this.keyStates.disable(channel.id, print, ChannelKeyStatus.AutoDisabled, reason))
      this.logger.warn(`key ${keyIndex} of channel #${channel.id} auto-disabled: ${reason.slice(0, 200)}`);
    // Read after this node's write: of two last keys failing at once, at least the later sees both off.
    if (prints.every((p) => this.keyStates.stateOf(channel.id, p).status !== ChannelKeyStatus.Enabled))
      await this.channels.autoDisable(channel.id, `every key disabled; last: ${reason}`);
  }
}
