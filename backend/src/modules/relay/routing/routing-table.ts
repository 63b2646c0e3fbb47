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

/** Builds the index from every channel; only enabled channels are routed to. */
export function buildRoutingTable(channels: Iterable<RelayChannel>): RoutingTable {
  const all = new Map<number, RelayChannel>();
  // group → model → channels: nested maps, not one map keyed by "group + model" (a string made and hashed
  // for every pair of every channel: most of the build's time with hundreds of channels).
  const served = new Map<string, Map<string, RelayChannel[]>>();
  for (const c of channels) {
    all.set(c.id, c);
    if (c.status !== ChannelStatus.Enabled) continue;
    for (const g of c.groups) {
      let models = served.get(g);
      if (!models) served.set(g, (models = new Map()));
      for (const m of c.models) {
        const list = models.get(m);
        if (list) list.push(c);
        else models.set(m, [c]);
      }
    }
  }
  const tiers = new Map<string, Map<string, readonly Tier[]>>();
  const models = new Map<string, readonly string[]>();
  for (const [g, lists] of served) {
    const inGroup = new Map<string, readonly Tier[]>();
    for (const [m, list] of lists) inGroup.set(m, tiersOf(list));
    tiers.set(g, inGroup);
    models.set(g, Object.freeze([...lists.keys()].sort()));
  }
  return {
    all,
    channel: (id) => all.get(id),
    tiers: (group, model) => tiers.get(group)?.get(model) ?? [],
    models: (group) => models.get(group) ?? [],
  };
}

/** One pair's channels by descending priority. */
function tiersOf(list: readonly RelayChannel[]): readonly Tier[] {
  const byPriority = new Map<number, RelayChannel[]>();
  for (const c of list) {
    const same = byPriority.get(c.priority);
    if (same) same.push(c);
    else byPriority.set(c.priority, [c]);
  }
  return [...byPriority.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([priority, cs]) => Object.freeze({ priority, channels: Object.freeze(cs) }));
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
