import { Injectable } from '@nestjs/common';
import { RelayError } from '../relay/http/relay-error';
import { ChannelDirectory } from '../relay/routing/channel-directory.service';
import { ChannelKeyPicker } from '../relay/routing/channel-key-picker.service';
import type { RelayChannel } from '../relay/routing/relay-channel';
import { pickChannel } from '../relay/routing/routing-table';

/** Channels for task submissions and polls, from the relay's routing snapshot. */
@Injectable()
export class TaskChannels {
  constructor(
    private readonly directory: ChannelDirectory,
    private readonly keys: ChannelKeyPicker,
  ) {}

  /** An enabled channel of one of `types` serving (group, model); 503 when none. */
  pick(group: string, model: string, types: readonly number[]): RelayChannel {
    const channel = pickChannel(this.directory.table.tiers(group, model), {
      exclude: new Set(),
      belowPriority: null,
      accept: (c) => types.includes(c.type) && c.keys.length > 0 && c.baseUrl !== '',
      random: Math.random,
    });
    if (!channel) throw RelayError.noChannel(group, model);
    return channel;
  }

  /** A task's own channel (even if disabled since): polls and images go only there. */
  byId(id: number): RelayChannel | undefined {
    return this.directory.table.channel(id);
  }

  /** A key of the channel by its multi-key mode, skipping keys disabled on their own. */
  keyOf(channel: RelayChannel): string {
    return this.keys.pick(channel)?.key ?? '';
  }
}
