import { Injectable, Logger } from '@nestjs/common';
import type { Settings } from '@gw/shared';
import { ChannelService } from '../../channel/channel.service';
import { autoDisableReason } from './auto-disable';
import type { RelayChannel } from './relay-channel';

/** Acts on upstream failures: disables a channel when the documented triggers say so (off the response path). */
@Injectable()
export class ChannelHealth {
  private readonly logger = new Logger(ChannelHealth.name);

  constructor(private readonly channels: ChannelService) {}

  /** `message` must already be redacted. */
  observeFailure(channel: RelayChannel, status: number | null, message: string, s: Settings): void {
    const reason = autoDisableReason(
      { enabled: s.AutomaticDisableChannelEnabled, keywords: s.AutomaticDisableKeywords },
      channel.autoBan,
      status,
      message,
    );
    if (!reason) return;
    this.channels
      .autoDisable(channel.id, reason)
      .catch((err) => this.logger.warn(`auto-disable of channel #${channel.id} failed: ${String(err)}`));
  }
}
