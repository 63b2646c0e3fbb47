import type { LogEntity } from '../../database/entities';
import type { LogFingerprint } from './log-archive';
import { LogShipper } from './log-shipper';
import { pageOfMerged } from './merged-log-reader';

const row = (id: number, quota = id * 10): LogEntity =>
  ({ id, user_id: 1, type: 2, quota, created_at: 1000 + id, token_id: 7, request_id: `r${id}` }) as LogEntity;

/** The main database's `logs` and the log database's, in memory; the log database can be down. */
function world(ids: number[]) {
  const main = new Map(ids.map((id) => [id, row(id)]));
  const logDb = new Map<number, LogFingerprint>();
  const state = { down: false, failDeleteOnce: false };
  const reports: string[] = [];
  const refuse = () => {
    if (state.down) throw new Error('connect ECONNREFUSED 127.0.0.1:3306');
  };
  const stores: ConstructorParameters<typeof LogShipper>[0] = {
    outbox: {
      async shippable(after, limit) {
        const newest = Math.max(0, ...main.keys());
        return [...main.values()]
          .filter((r) => r.id > after && r.id < newest)
          .sort((a, b) => a.id - b.id)
          .slice(0, limit);
      },
      async deleteIds(list) {
        if (state.failDeleteOnce) {
          state.failDeleteOnce = false;
          throw new Error('killed between insert and delete');
        }
        for (const id of list) main.delete(id);
      },
    },
    archive: {
      async insertMissing(rows) {
        refuse();
        for (const r of rows) if (!logDb.has(r.id)) logDb.set(r.id, { ...r });
      },
      async fingerprints(list) {
        refuse();
        return list.flatMap((id) => (logDb.has(id) ? [logDb.get(id)!] : []));
      },
    },
  };
  const report = { warn: (m: string) => void reports.push(m), error: (m: string) => void reports.push(m) };
  /** A shipper of its own: another node's. */
  const node = () => new LogShipper(stores, { batchSize: 3, report });
  const shipper = node();
  /** Every row id in either database (a row must never be in neither). */
  const union = () => [...new Set([...main.keys(), ...logDb.keys()])].sort((a, b) => a - b);
  return { main, logDb, state, reports, shipper, node, union };
}

describe('LogShipper', () => {
  it('moves every row but the newest, in batches, keeping ids', async () => {
    const w = world([1, 2, 3, 4, 5, 6, 7]);
    expect(await w.shipper.ship()).toEqual({ moved: 6, conflicts: 0 });
    expect([...w.main.keys()]).toEqual([7]);
    expect([...w.logDb.keys()].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('keeps rows in the main database while the log database is down, and ships them when it is back', async () => {
    const w = world([1, 2, 3, 4, 5]);
    w.state.down = true;
    expect(await w.shipper.ship()).toEqual({ moved: 0, conflicts: 0 });
    expect([...w.main.keys()]).toEqual([1, 2, 3, 4, 5]);
    expect(w.reports.join('\n')).toMatch(/wait in the main database/);
    w.main.set(6, row(6)); // relaying goes on meanwhile
    w.state.down = false;
    expect(await w.shipper.ship()).toEqual({ moved: 5, conflicts: 0 });
    expect(w.union()).toEqual([1, 2, 3, 4, 5, 6]);
    expect([...w.main.keys()]).toEqual([6]);
  });

  it('finishes a move cut between insert and delete without a second copy', async () => {
    const w = world([1, 2, 3]);
    w.state.failDeleteOnce = true;
    await w.shipper.ship();
    expect([...w.main.keys()]).toEqual([1, 2, 3]); // in both now
    expect([...w.logDb.keys()]).toEqual([1, 2]);
    expect(await w.shipper.ship()).toEqual({ moved: 2, conflicts: 0 });
    expect([...w.logDb.keys()]).toEqual([1, 2]);
    expect([...w.main.keys()]).toEqual([3]);
  });

  it('never deletes a row whose id the log database holds with other content', async () => {
    const w = world([1, 2, 3]);
    w.logDb.set(1, { ...row(1), quota: 999 }); // an id reused: not the same row
    expect(await w.shipper.ship()).toEqual({ moved: 1, conflicts: 1 });
    expect([...w.main.keys()]).toEqual([1, 3]);
    expect(w.reports.join('\n')).toMatch(/#1 differs/);
  });

  it('lets two shippers (two nodes) move the same rows once', async () => {
    const w = world([1, 2, 3, 4, 5, 6]);
    const results = await Promise.all([w.shipper.ship(), w.node().ship()]);
    expect(results.map((r) => r.conflicts)).toEqual([0, 0]);
    expect(w.union()).toEqual([1, 2, 3, 4, 5, 6]);
    expect([...w.main.keys()]).toEqual([6]);
    expect([...w.logDb.keys()].sort()).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('pageOfMerged', () => {
  // created_at = id here; the outbox holds 3 (newest, 12) and 2 rows among the log database's.
  const key = (id: number) => ({ id, created_at: id });
  const mine = [12, 7, 2].map(key);
  const theirs = [11, 10, 9, 8, 6, 5, 4, 3, 1].map(key);
  const all = [...mine, ...theirs].sort((a, b) => b.id - a.id);

  it.each([
    [0, 5],
    [2, 3],
    [3, 4],
    [5, 5],
    [9, 5],
    [11, 5],
    [12, 5],
  ])('offset %i, limit %i is the merged order', (offset, limit) => {
    const from = Math.max(0, offset - mine.length);
    const window = theirs.slice(from, offset + limit);
    expect(pageOfMerged(mine, window, from, offset, limit)).toEqual(all.slice(offset, offset + limit));
  });
});
