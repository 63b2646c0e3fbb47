import { Injectable } from '@nestjs/common';
import { ChannelKeyStatus, type Settings } from '@gw/shared';
import { ChannelKeyStore } from '../../channel/channel-key-store';
import { ChannelBreakers } from '../../channel/health/channel-breakers.service';
import { InProcessPollingCounter, pickKey, type PickedKey, type PollingCounter } from './key-picker';
import type { RelayChannel } from './relay-channel';

const NONE: ReadonlySet<number> = new Set();

/**
 * Picks a channel's key per attempt from the in-memory key states (no database read). A channel with
 * one key always uses it: its failures disable the channel, not the key.
 */
@Injectable()
export class ChannelKeyPicker {
  private readonly prints = new WeakMap<RelayChannel, readonly string[]>();
  private readonly counter: PollingCounter = new InProcessPollingCounter();

  constructor(
    private readonly store: ChannelKeyStore,
    private readonly breakers: ChannelBreakers,
  ) {}

  /**
   * `avoid`: key positions this request already failed with on this channel. `settings`: given for a
   * relay attempt; with health routing on, keys whose breaker is open are skipped like disabled keys
   * unless no other is usable, and the chosen key's breaker counts the attempt (a probe when
   * half-open; docs/relay.md#health-based-routing).
   */
  pick(channel: RelayChannel, avoid: ReadonlySet<number> = NONE, settings?: Settings): PickedKey | null {
    const keys = channel.keys;
    const health = settings ? this.breakers.policy(settings) : null;
    if (keys.length <= 1) {
      if (!keys[0]) return null;
      if (health) this.breakers.begin(channel.id, null, health);
      return { key: keys[0], index: 0 };
    }
    const prints = this.fingerprints(channel);
    const enabled = (i: number) =>
      !avoid.has(i) && this.store.stateOf(channel.id, prints[i]).status === ChannelKeyStatus.Enabled;
    const choose = (usable: (i: number) => boolean) =>
      pickKey({
        keys,
        usable,
        mode: channel.multiKeyMode,
        turn: () => this.counter.next(channel.id),
        random: Math.random,
      });
    const picked =
      (health && choose((i) => enabled(i) && this.breakers.available(channel.id, prints[i], health))) ||
      choose(enabled);
    if (picked && health) this.breakers.begin(channel.id, prints[picked.index], health);
    return picked;
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
