import { Subject } from 'rxjs';
import type { AppConfig } from '../../../config/env';
import { ChannelEntity } from '../../../database/entities';
import { entityDefaults } from '../../../testing/entity-defaults';
import { partialFake } from '../../../testing/strict-fake';
import type { ChannelChange, ChannelService } from '../../channel/channel.service';
import { ChannelDirectory } from './channel-directory.service';
import { buildRoutingTable } from './routing-table';

jest.mock('./routing-table', () => {
  const actual = jest.requireActual<typeof import('./routing-table')>('./routing-table');
  return { ...actual, buildRoutingTable: jest.fn(actual.buildRoutingTable) };
});

/** The directory against a channel table the test controls, whose full reads it can hold back. */
function world() {
  const table = new Map<number, ChannelEntity>();
  const changes = new Subject<ChannelChange>();
  let hold: Promise<void> | null = null;
  const row = (id: number, status = 1) =>
    ({
      ...entityDefaults(ChannelEntity),
      id,
      name: `c${id}`,
      status,
      models: 'm',
      group: 'default',
      key: 'k',
    }) as ChannelEntity;
  const keysOf = jest.fn(() => ['k']);
  const channels = partialFake<ChannelService>('ChannelService', {
    changes,
    keysOf,
    readAll: async () => {
      const snapshot = [...table.values()];
      await hold;
      return snapshot;
    },
  });
  const config = partialFake<AppConfig>('AppConfig', { syncFrequencySec: 3600 });
  const directory = new ChannelDirectory(channels, config);
  return {
    directory,
    table,
    row,
    /** How many times a channel's keys were decrypted (once per channel made). */
    keysOf,
    /** A local write: stored, then announced as ChannelService does. */
    write(c: ChannelEntity) {
      table.set(c.id, c);
      changes.next({ id: c.id, channel: c });
    },
    holdReads() {
      let release!: () => void;
      hold = new Promise((r) => (release = r));
      return () => {
        hold = null;
        release();
      };
    },
  };
}

describe('ChannelDirectory', () => {
  it('a write applied while a reload was reading survives that reload', async () => {
    const w = world();
    w.table.set(1, w.row(1));
    await w.directory.onModuleInit();
    const release = w.holdReads();
    const reload = w.directory.reload();
    await new Promise((r) => setImmediate(r)); // it read the table as it was: channel 1 enabled, no channel 2
    w.write(w.row(1, 2));
    w.write(w.row(2));
    release();
    await reload;
    expect(w.directory.table.all.get(1)?.status).toBe(2);
    expect(w.directory.table.all.has(2)).toBe(true);
    w.directory.onModuleDestroy();
  });

  it('builds the index once for a batch of changes, and a read right after a change sees it', async () => {
    const w = world();
    await w.directory.onModuleInit();
    const builds = jest.mocked(buildRoutingTable);
    builds.mockClear();
    try {
      for (let id = 1; id <= 100; id++) w.write(w.row(id));
      expect(w.directory.table.all.size).toBe(100); // no turn of the event loop needed
      w.write(w.row(7, 2));
      await new Promise((r) => setImmediate(r)); // nobody read: applied at the next turn
      expect(builds).toHaveBeenCalledTimes(2);
      expect(w.directory.table.all.get(7)?.status).toBe(2);
      expect(builds).toHaveBeenCalledTimes(2);
    } finally {
      w.directory.onModuleDestroy();
    }
  });

  it('a reload remakes only the channels whose routing fields changed, and keeps the index when none did', async () => {
    const w = world();
    for (let id = 1; id <= 50; id++) w.table.set(id, w.row(id));
    await w.directory.onModuleInit();
    const builds = jest.mocked(buildRoutingTable);
    builds.mockClear();
    w.keysOf.mockClear();
    const before = w.directory.table;
    w.table.set(3, { ...w.row(3), used_quota: 12345, balance: 9 }); // counters: not routing fields
    await w.directory.reload();
    expect(w.keysOf).not.toHaveBeenCalled();
    expect(builds).not.toHaveBeenCalled();
    expect(w.directory.table).toBe(before);
    w.table.set(4, { ...w.row(4), models: 'm,n' });
    w.table.delete(5);
    await w.directory.reload();
    expect(w.keysOf).toHaveBeenCalledTimes(1);
    expect(builds).toHaveBeenCalledTimes(1);
    expect(w.directory.table.models('default')).toEqual(['m', 'n']);
    expect(w.directory.table.all.has(5)).toBe(false);
    expect(w.directory.table.all.get(6)).toBe(before.all.get(6)); // the same object, not made again
    w.directory.onModuleDestroy();
  });
});
