import { Injectable } from '@nestjs/common';
import { ChannelKeyStatus } from '@gw/shared';
import { ChannelKeyStore } from '../../channel/channel-key-store';
import { InProcessPollingCounter, pickKey, type PickedKey, type PollingCounter } from './key-picker';
import type { RelayChannel } from './relay-channel';

/**
 * Picks a channel's key per attempt from the in-memory key states (no database read). A channel with
 * one key always uses it: its failures disable the channel, not the key.
 */
@Injectable()
export class ChannelKeyPicker {
  private readonly prints = new WeakMap<RelayChannel, readonly string[]>();
  private readonly counter: PollingCounter = new InProcessPollingCounter();

  constructor(private readonly store: ChannelKeyStore) {}

  /** `avoid`: key positions this request already failed with on this channel. */
  pick(channel: RelayChannel, avoid: ReadonlySet<number> = new Set()): PickedKey | null {
    const keys = channel.keys;
    if (keys.length <= 1) return keys[0] ? { key: keys[0], index: 0 } : null;
    const prints = this.fingerprints(channel);
    return pickKey({
      keys,
      usable: (i) => !avoid.has(i) && this.store.stateOf(channel.id, prints[i]).status === ChannelKeyStatus.Enabled,
      mode: channel.multiKeyMode,
      turn: () => this.counter.next(channel.id),
      random: Math.random,
    });
  }

  /** Whether a key other than `avoid` is usable now (no turn is taken). */
  hasUsable(channel: RelayChannel, avoid: ReadonlySet<number>): boolean {
    const prints = this.fingerprints(channel);
    return channel.keys.some(
      (_k, i) => !avoid.has(i) && this.store.stateOf(channel.id, prints[i]).status === ChannelKeyStatus.Enabled,
    );
  }

  /** The fingerprints of the channel's keys, in order (computed once per loaded channel). */
  fingerprints(channel: RelayChannel): readonly string[] {
    let prints = this.prints.get(channel);
    if (!prints) {
      prints = channel.keys.map((k) => this.store.fingerprint(k));
      this.prints.set(channel, prints);
    }
    return prints;
  }
}
