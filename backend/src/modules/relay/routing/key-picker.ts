/**
 * Pure: which upstream key of a channel a request uses (docs/channel-types.md#multi-key-channels).
 * Disabled keys and the keys this request already failed with are skipped; `polling` takes the keys
 * in turn from a shared counter, `random` any usable one.
 */

/** The turn counter of polling channels; in-process now, a shared store (Redis) can replace it. */
export interface PollingCounter {
  /** The next turn of the channel: 0, 1, 2... */
  next(channelId: number): number;
}

export class InProcessPollingCounter implements PollingCounter {
  private readonly turns = new Map<number, number>();

  next(channelId: number): number {
    const turn = this.turns.get(channelId) ?? 0;
    this.turns.set(channelId, turn + 1 >= Number.MAX_SAFE_INTEGER ? 0 : turn + 1);
    return turn;
  }
}

export interface PickedKey {
  readonly key: string;
  /** Position in the channel's key list. */
  readonly index: number;
}

export interface KeyChoice {
  readonly keys: readonly string[];
  readonly usable: (index: number) => boolean;
  readonly mode: 'random' | 'polling';
  /** Called once, for polling only. */
  readonly turn: () => number;
  readonly random: () => number;
}

/** The key to use, or null when none is usable. */
export function pickKey(c: KeyChoice): PickedKey | null {
  const usable = c.keys.map((_, i) => i).filter((i) => c.usable(i));
  if (usable.length === 0) return null;
  if (c.mode === 'polling') {
    const start = c.turn() % c.keys.length;
    for (let step = 0; step < c.keys.length; step++) {
      const index = (start + step) % c.keys.length;
      if (c.usable(index)) return { key: c.keys[index], index };
    }
  }
  const index = usable[Math.floor(c.random() * usable.length)] ?? usable[0];
  return { key: c.keys[index], index };
}
