import { MemoryReadThroughCache } from './read-through-cache';

function source(rows: Map<string, number>) {
  const calls: string[][] = [];
  const load = async (keys: readonly string[]) => {
    calls.push([...keys]);
    return new Map(keys.filter((k) => rows.has(k)).map((k) => [k, rows.get(k)!] as [string, number]));
  };
  return { load, calls };
}

describe('MemoryReadThroughCache', () => {
  it('loads once for concurrent misses and serves later hits from memory', async () => {
    const { load, calls } = source(new Map([['a', 1]]));
    const c = new MemoryReadThroughCache(load, { idleMs: 60_000, maxNegative: 10 });
    expect(await Promise.all([c.get('a'), c.get('a')])).toEqual([1, 1]);
    expect(c.peek('a')).toBe(1);
    expect(await c.get('x')).toBeNull();
    expect(c.peek('x')).toBeNull();
    expect(calls).toEqual([['a'], ['x']]);
  });

  it('invalidates, updates in place and refreshes in bulk', async () => {
    const rows = new Map([
      ['a', 1],
      ['b', 2],
    ]);
    const { load, calls } = source(rows);
    const c = new MemoryReadThroughCache(load, { idleMs: 60_000, maxNegative: 10 });
    await c.get('a');
    await c.get('b');
    c.update('a', (v) => v + 10);
    expect(c.peek('a')).toBe(11);
    rows.set('a', 5);
    rows.delete('b');
    await c.refresh();
    expect(c.peek('a')).toBe(5);
    expect(c.peek('b')).toBeUndefined();
    expect(calls.at(-1)).toEqual(['a', 'b']);
    c.invalidate('a');
    expect(c.peek('a')).toBeUndefined();
  });

  it('refreshes through its own bulk reader when given one, a chunk at a time', async () => {
    const rows = new Map([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
    const misses = source(rows);
    const refreshes = source(rows);
    const c = new MemoryReadThroughCache(misses.load, {
      idleMs: 60_000,
      maxNegative: 10,
      reload: refreshes.load,
      refreshChunk: 2,
    });
    for (const k of ['a', 'b', 'c']) await c.get(k);
    rows.set('c', 30);
    await c.refresh();
    expect(c.peek('c')).toBe(30);
    expect(misses.calls).toEqual([['a'], ['b'], ['c']]);
    expect(refreshes.calls).toEqual([['a', 'b'], ['c']]);
  });

  it('drops what changed while a refresh was reading: its rows may be older than the change', async () => {
    const rows = new Map([
      ['a', 100],
      ['b', 200],
    ]);
    const { load } = source(rows);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const c = new MemoryReadThroughCache(load, {
      idleMs: 60_000,
      maxNegative: 10,
      // Reads the rows as they are now, answers later.
      reload: async (keys) => {
        const read = await load(keys);
        await held;
        return read;
      },
    });
    await c.get('a');
    await c.get('b');
    const refreshing = c.refresh();
    // A charge settles (stored, then moved in the cache) and b is edited, while the refresh's read is out.
    rows.set('a', 90);
    c.update('a', (v) => v - 10);
    rows.set('b', 250);
    c.invalidate('b');
    release();
    await refreshing;
    // Not the refresh's 100 and 200: both are read again on their next use.
    expect([c.peek('a'), c.peek('b')]).toEqual([undefined, undefined]);
    expect([await c.get('a'), await c.get('b')]).toEqual([90, 250]);
  });

  it('bounds remembered absences', async () => {
    const { load } = source(new Map());
    const c = new MemoryReadThroughCache(load, { idleMs: 60_000, maxNegative: 2 });
    for (const k of ['x', 'y', 'z']) await c.get(k);
    expect(c.size).toBe(2);
  });

  it('reports each peek as a hit or a miss, and the load after a missed peek not again', async () => {
    const { load } = source(new Map([['a', 1]]));
    const seen: boolean[] = [];
    const c = new MemoryReadThroughCache(load, { idleMs: 60_000, maxNegative: 10, observe: (hit) => seen.push(hit) });
    // The relay's read: peek, then read through on a miss.
    const read = async (k: string) => c.peek(k) ?? (await c.get(k));
    expect(await read('a')).toBe(1);
    expect(await read('a')).toBe(1);
    expect(await read('x')).toBeNull();
    // A remembered absence is a hit too (no database read).
    expect(await read('x')).toBeNull();
    expect(seen).toEqual([false, true, false, true]);
  });
});
