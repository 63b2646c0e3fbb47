import { Injectable } from '@nestjs/common';
import { RelayError } from '../relay/http/relay-error';
import { ChannelDirectory } from '../relay/routing/channel-directory.service';
import type { RelayChannel } from '../relay/routing/relay-channel';
import { pickChannel } from '../relay/routing/routing-table';

/** Channels for task submissions and polls, from the relay's routing snapshot. */
@Injectable()
export class TaskChannels {
  constructor(private readonly directory: ChannelDirectory) {}

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

  keyOf(channel: RelayChannel): string {
    return channel.keys[Math.floor(Math.random() * channel.keys.length)] ?? '';
  }
}
