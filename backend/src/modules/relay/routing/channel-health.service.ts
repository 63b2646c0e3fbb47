import { Injectable, Logger } from '@nestjs/common';
import { ChannelKeyStatus, type Settings } from '@gw/shared';
import { ChannelKeyStore } from '../../channel/channel-key-store';
import { ChannelService } from '../../channel/channel.service';
import { autoDisableReason } from './auto-disable';
import { ChannelKeyPicker } from './channel-key-picker.service';
import type { RelayChannel } from './relay-channel';

/**
 * Acts on upstream failures (off the response path): disables a channel when the documented triggers
 * say so; on a multi-key channel the failing key instead, and the channel once no key is left enabled
 * (docs/channel-types.md#multi-key-channels).
 */
@Injectable()
export class ChannelHealth {
  private readonly logger = new Logger(ChannelHealth.name);

  constructor(
    private readonly channels: ChannelService,
    private readonly keyStates: ChannelKeyStore,
    private readonly keys: ChannelKeyPicker,
  ) {}

  /**
   * `message` must already be redacted; `keyIndex`: the key the attempt used. True when the failure
   * was the key's (a multi-key channel whose key is being disabled): another key may serve the request.
   */
  observeFailure(channel: RelayChannel, status: number | null, message: string, s: Settings, keyIndex: number | null = null): boolean {
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
