import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WalCheckpointer, type CheckpointResult } from './wal-checkpointer';

/** A real SQLite file in WAL mode, as data-source.ts opens it. */
function open(dir: string) {
  const db = new Database(join(dir, 'w.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('wal_autocheckpoint = 4000');
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
  return db;
}

const autocheckpoint = (db: Database.Database) => db.pragma('wal_autocheckpoint', { simple: true });
const writeRows = (db: Database.Database, n: number) => {
  const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
  for (let i = 0; i < n; i++) insert.run('x'.repeat(500)); // one commit each, as the relay's settlements
};

describe('WalCheckpointer', () => {
  let dir: string;
  let db: Database.Database;
  let started: WalCheckpointer[] = [];
  const start = (...args: Parameters<typeof WalCheckpointer.start>) => {
    const c = WalCheckpointer.start(...args);
    started.push(c);
    return c;
  };
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'gw-wal-'));
    db = open(dir);
  });
  afterEach(async () => {
    await Promise.all(started.map((c) => c.stop()));
    started = [];
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('copies the WAL back from its worker while the app connection never checkpoints itself', async () => {
    const results: CheckpointResult[] = [];
    const c = start(db, join(dir, 'w.db'), { intervalMs: 10, onCheckpoint: (r) => results.push(r) });
    expect(autocheckpoint(db)).toBe(0);
    writeRows(db, 300);
    // Every frame written so far gets back into the database file, from the worker.
    await waitFor(() => results.some((r) => r.checkpointed > 0 && r.checkpointed === r.log));
    await c.stop();
    expect(autocheckpoint(db)).toBe(1000);
  });

  it('keeps the WAL from growing without bound: the writer restarts it once the worker caught up', async () => {
    let last: CheckpointResult | undefined;
    const c = start(db, join(dir, 'w.db'), { intervalMs: 5, onCheckpoint: (r) => (last = r) });
    for (let round = 0; round < 20; round++) {
      writeRows(db, 200);
      // The pause a loaded machine needs for the worker to catch up, not a fixed one (it would not, then,
      // and the WAL would grow without the checkpointer being at fault).
      last = undefined;
      await waitFor(() => !!last && last.checkpointed === last.log);
    }
    await c.stop();
    // 4,000 commits of a 500-byte row would be ~16 MB of WAL without any checkpoint.
    expect(statSync(join(dir, 'w.db-wal')).size).toBeLessThan(4 * 1024 * 1024);
  });

  it('drains a WAL that a steady stream of commits keeps from restarting, holding the writes meanwhile', async () => {
    // The app's write queue, reduced to what the drain needs: work that holds it runs alone.
    let queue = Promise.resolve();
    let holds = 0;
    const holdWrites = (work: () => Promise<void>) => {
      holds++;
      const run = queue.then(work);
      queue = run.catch(() => undefined);
      return run;
    };
    start(db, join(dir, 'w.db'), { intervalMs: 5, holdWrites, drainFrames: 1000, drainPauseMs: 20 });
    // Commits back to back, with only the event loop's turns between them and never a pause in which a
    // passive checkpoint could copy the last frame: ~80 MB of WAL without a drain, 14–21 MB with one.
    const until = Date.now() + 30_000;
    for (let commits = 0; commits < 16_000 && Date.now() < until; commits += 20) {
      await (queue = queue.then(() => writeRows(db, 20)));
      await new Promise((r) => setImmediate(r));
    }
    expect(holds).toBeGreaterThan(0);
    expect(statSync(join(dir, 'w.db-wal')).size).toBeLessThan(40 * 1024 * 1024);
  });

  it('gives the app connection its own checkpoints back when the worker fails', async () => {
    const failures: string[] = [];
    start(db, join(dir, 'missing', 'w.db'), {
      fallbackPages: 4000,
      onFailure: (m) => failures.push(m),
    });
    await waitFor(() => failures.length > 0);
    expect(failures[0]).toMatch(/WAL checkpoint worker (failed|exited)/);
    expect(autocheckpoint(db)).toBe(4000);
  });
});

async function waitFor(check: () => boolean, timeoutMs = 4_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 10));
  }
}
