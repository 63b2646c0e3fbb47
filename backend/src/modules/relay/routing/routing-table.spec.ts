import { buildRoutingTable, pickChannel, pickHealthy } from './routing-table';
import type { RelayChannel } from './relay-channel';

const ch = (id: number, priority: number, weight = 0, extra: Partial<RelayChannel> = {}): RelayChannel => ({
  id,
  type: 1,
  name: `c${id}`,
  status: 1,
  keys: ['k'],
  multiKeyMode: 'random',
  baseUrl: '',
  organization: '',
  modelMapping: {},
  statusCodeMapping: {},
  paramOverride: null,
  autoBan: true,
  priority,
  weight,
  groups: ['default'],
  models: ['m'],
  other: '',
  tag: '',
  ...extra,
});

describe('routing table', () => {
  const table = buildRoutingTable([
    ch(1, 10),
    ch(2, 10),
    ch(3, 5),
    ch(4, 0, 0, { status: 3 }),
    ch(5, 0, 0, { groups: ['vip'], models: ['x'] }),
  ]);

  it('indexes enabled channels by (group, model) in priority tiers', () => {
    expect(table.tiers('default', 'm').map((t) => [t.priority, t.channels.map((c) => c.id)])).toEqual([
      [10, [1, 2]],
      [5, [3]],
    ]);
    expect(table.tiers('vip', 'm')).toEqual([]);
    expect(table.models('vip')).toEqual(['x']);
    expect(table.channel(4)?.status).toBe(3);
  });

  it('picks the top tier, then the next lower one on retry, never an excluded channel', () => {
    const tiers = table.tiers('default', 'm');
    const first = pickChannel(tiers, { exclude: new Set(), belowPriority: null, random: () => 0.99 });
    expect(first?.id).toBe(2);
    expect(pickChannel(tiers, { exclude: new Set([2]), belowPriority: 10, random: () => 0 })?.id).toBe(3);
    expect(pickChannel(tiers, { exclude: new Set([3]), belowPriority: 5, random: () => 0 })?.id).toBe(1);
    expect(pickChannel(tiers, { exclude: new Set([1, 2, 3]), belowPriority: 5, random: () => 0 })).toBeNull();
  });

  it('draws by weight inside a tier', () => {
    const tiers = buildRoutingTable([ch(1, 0, 1), ch(2, 0, 3), ch(3, 0, 0)]).tiers('default', 'm');
    const at = (r: number) => pickChannel(tiers, { exclude: new Set(), belowPriority: null, random: () => r })?.id;
    expect([at(0), at(0.2), at(0.3), at(0.99)]).toEqual([1, 1, 2, 2]);
  });

  describe('with health routing (open channels skipped while another can serve)', () => {
    const tiers = table.tiers('default', 'm');
    const pick = (open: number[], exclude: number[] = [], below: number | null = null, random = 0) =>
      pickHealthy(
        tiers,
        { exclude: new Set(exclude), belowPriority: below, random: () => random },
        (c) => !open.includes(c.id),
      )?.id ?? null;

    it.each<[string, number[], number[], number | null, number, number | null]>([
      // name, open, excluded, below, random, chosen
      ['nothing open: as without health', [], [], null, 0.99, 2],
      ['an open channel of the tier is skipped', [2], [], null, 0.99, 1],
      ['a whole open tier is skipped for the next one', [1, 2], [], null, 0, 3],
      ['a retry skips an open lower tier for a healthy higher one', [3], [2], 10, 0, 1],
      ['every candidate open: chosen all the same', [1, 2, 3], [], null, 0, 1],
      ['every remaining candidate open: chosen all the same', [1, 3], [2], 10, 0, 3],
      ['nothing left at all: null', [], [1, 2, 3], 5, 0, null],
    ])('%s', (_name, open, exclude, below, random, chosen) => {
      expect(pick(open, exclude, below, random)).toBe(chosen);
    });

    it('health off (null): plain pickChannel', () => {
      expect(pickHealthy(tiers, { exclude: new Set(), belowPriority: null, random: () => 0.99 }, null)?.id).toBe(2);
    });
  });
});
