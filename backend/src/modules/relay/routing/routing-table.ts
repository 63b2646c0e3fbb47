import { ChannelStatus } from '@gw/shared';
import type { RelayChannel } from './relay-channel';

/** Channels serving one (group, model) with the same priority. */
export interface Tier {
  readonly priority: number;
  readonly channels: readonly RelayChannel[];
}

/** Immutable snapshot of the (group, model) → channels index; replaced whole on every change. */
export interface RoutingTable {
  channel(id: number): RelayChannel | undefined;
  /** Tiers by descending priority; empty when nothing serves the pair. */
  tiers(group: string, model: string): readonly Tier[];
  /** Models served in a group, sorted. */
  models(group: string): readonly string[];
  readonly all: ReadonlyMap<number, RelayChannel>;
}

const pairKey = (group: string, model: string) => `${group}\u0000${model}`;

/** Builds the index from every channel; only enabled channels are routed to. */
export function buildRoutingTable(channels: Iterable<RelayChannel>): RoutingTable {
  const all = new Map<number, RelayChannel>();
  const pairs = new Map<string, RelayChannel[]>();
  const groupModels = new Map<string, Set<string>>();
  for (const c of channels) {
    all.set(c.id, c);
    if (c.status !== ChannelStatus.Enabled) continue;
    for (const g of c.groups) {
      const models = groupModels.get(g) ?? new Set<string>();
      groupModels.set(g, models);
      for (const m of c.models) {
        models.add(m);
        const k = pairKey(g, m);
        const list = pairs.get(k) ?? [];
        list.push(c);
        pairs.set(k, list);
      }
    }
  }
  const tiers = new Map<string, Tier[]>();
  for (const [k, list] of pairs) {
    const byPriority = new Map<number, RelayChannel[]>();
    for (const c of list) {
      const same = byPriority.get(c.priority);
      if (same) same.push(c);
      else byPriority.set(c.priority, [c]);
    }
    tiers.set(
      k,
      [...byPriority.entries()]
        .sort((a, b) => b[0] - a[0])
        .map(([priority, cs]) => Object.freeze({ priority, channels: Object.freeze(cs) })),
    );
  }
  const models = new Map([...groupModels].map(([g, set]) => [g, Object.freeze([...set].sort())]));
  return {
    all,
    channel: (id) => all.get(id),
    tiers: (group, model) => tiers.get(pairKey(group, model)) ?? [],
    models: (group) => models.get(group) ?? [],
  };
}

export interface PickOptions {
  /** Channels already tried in this request. */
  exclude: ReadonlySet<number>;
  /** A retry moves below the priority that failed; null on the first attempt. */
  belowPriority: number | null;
  /** Extra filter (e.g. the channel type supports the endpoint). */
  accept?: (c: RelayChannel) => boolean;
  /** [0, 1) */
  random: () => number;
}

/**
 * The channel for one attempt: the highest tier (below `belowPriority` on a retry, falling back to
 * any tier when no lower one has a candidate) with a candidate not excluded; inside the tier,
 * random by weight (all zero: uniform).
 */
export function pickChannel(tiers: readonly Tier[], o: PickOptions): RelayChannel | null {
  const candidatesOf = (t: Tier) => t.channels.filter((c) => !o.exclude.has(c.id) && (o.accept?.(c) ?? true));
  const ordered =
    o.belowPriority === null
      ? tiers
      : [...tiers.filter((t) => t.priority < o.belowPriority!), ...tiers.filter((t) => t.priority >= o.belowPriority!)];
  for (const tier of ordered) {
    const candidates = candidatesOf(tier);
    if (candidates.length > 0) return weighted(candidates, o.random);
  }
  return null;
}

/**
 * pickChannel among the channels `healthy` accepts (their breakers let an attempt through); when it
 * accepts none of the candidates, pickChannel over all of them: health alone never turns a possible
 * answer into a 503 (docs/relay.md#health-based-routing). `healthy` null: health routing is off.
 */
export function pickHealthy(
  tiers: readonly Tier[],
  o: PickOptions,
  healthy: ((c: RelayChannel) => boolean) | null,
): RelayChannel | null {
  const accept = o.accept ?? (() => true);
  const preferred = healthy && pickChannel(tiers, { ...o, accept: (c) => accept(c) && healthy(c) });
  return preferred || pickChannel(tiers, o);
}

function weighted(cs: readonly RelayChannel[], random: () => number): RelayChannel {
  const total = cs.reduce((s, c) => s + c.weight, 0);
  if (total <= 0) return cs[Math.floor(random() * cs.length)] ?? cs[0];
  let r = random() * total;
  for (const c of cs) {
    r -= c.weight;
    if (r < 0 && c.weight > 0) return c;
  }
  return cs.filter((c) => c.weight > 0).at(-1) ?? cs[0];
}
