import { Worker } from 'node:worker_threads';

/** WAL frames past which the app's writes are held for a checkpoint: ~64 MB, the `journal_size_limit`. */
const DRAIN_FRAMES = 16_000;
/** Least time between two such holds. */
const DRAIN_PAUSE_MS = 1000;

/** What `PRAGMA wal_checkpoint` answers: WAL frames in all, and how many of them are back in the database file. */
export interface CheckpointResult {
  readonly busy: number;
  readonly log: number;
  readonly checkpointed: number;
}

/** The subset of a better-sqlite3 connection the checkpointer needs: the app's own connection. */
export interface PragmaConnection {
  pragma(source: string): unknown;
}

export interface WalCheckpointerOptions {
  /** Pause between two checkpoints. */
  readonly intervalMs?: number;
  /** The app connection's own threshold, given back if the worker fails (data-source.ts sets it at open). */
  readonly fallbackPages?: number;
  /** Told why the worker stopped when it fails (the app connection checkpoints itself from then on). */
  readonly onFailure?: (message: string) => void;
  /** Called with each checkpoint's result (tests, diagnostics). */
  readonly onCheckpoint?: (result: CheckpointResult) => void;
  /**
   * Runs `work` while the app's connection runs no statement (the SQLite write queue). With it, a WAL
   * longer than `drainFrames` is drained (WalCheckpointer.drain); without it, it is left to grow.
   */
  readonly holdWrites?: (work: () => Promise<void>) => Promise<unknown>;
  /** WAL frames past which the app's writes are held for a checkpoint (default 16,000: ~64 MB). */
  readonly drainFrames?: number;
  /** Least time between two drains. */
  readonly drainPauseMs?: number;
}

/** What the worker posts: a checkpoint's result, or the result of the one a drain asked for. */
type WorkerMessage = { result: CheckpointResult } | { drained: CheckpointResult };

/**
 * The worker: its own connection to the same file, a PASSIVE checkpoint every interval. PASSIVE never
 * waits for the writer and never blocks it; the writer restarts the WAL at its next commit once every
 * frame is back in the database file. Kept as source text so that it runs the same from TypeScript
 * (jest) and from the build.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path, { timeout: 0 });
db.pragma('synchronous = NORMAL');
const checkpoint = () => db.pragma('wal_checkpoint(PASSIVE)')[0];
const timer = setInterval(() => {
  const result = checkpoint();
  if (workerData.report || result.log > workerData.drainFrames) parentPort.postMessage({ result });
}, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message === 'checkpoint') return parentPort.postMessage({ drained: checkpoint() });
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * Checkpoints a SQLite WAL from a worker thread (docs/ledger.md, "SQLite"). Copying the WAL back into
 * the database file ends with fsyncs: run by the app's connection it blocked the event loop for
 * milliseconds every few thousand pages, the relay's p99 at one connection (docs/benchmarks.md). While
 * the worker runs, the app's connection never checkpoints itself (`wal_autocheckpoint = 0`); if the
 * worker fails, the connection gets its threshold back and checkpoints as before.
 */
export class WalCheckpointer {
  private stopped = false;
  /** Ends the hold of the drain under way (its checkpoint answered, or the worker is gone). */
  private endDrain: (() => void) | null = null;
  private nextDrainAt = 0;

  private constructor(
    private readonly worker: Worker,
    private readonly app: PragmaConnection,
    private readonly fallbackPages: number,
    private readonly options: WalCheckpointerOptions,
  ) {}

  /** Starts checkpointing `path`, the file `app` is connected to (not for `:memory:`). */
  static start(app: PragmaConnection, path: string, options: WalCheckpointerOptions = {}): WalCheckpointer {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        driver: require.resolve('better-sqlite3'),
        path,
        intervalMs: options.intervalMs ?? 100,
        // Results cross to the app's thread only for a listener or a drain: no wake-up every interval
        // otherwise.
        report: !!options.onCheckpoint,
        drainFrames: options.holdWrites ? (options.drainFrames ?? DRAIN_FRAMES) : Infinity,
      },
    });
    worker.unref();
    const checkpointer = new WalCheckpointer(worker, app, options.fallbackPages ?? 1000, options);
    app.pragma('wal_autocheckpoint = 0');
    worker.on('message', (message: WorkerMessage) => {
      if ('drained' in message) return checkpointer.endDrain?.();
      options.onCheckpoint?.(message.result);
      if (message.result.log > (options.drainFrames ?? DRAIN_FRAMES)) checkpointer.drain();
    });
    const failed = (message: string) => {
      if (checkpointer.stopped) return;
      checkpointer.stopped = true;
      checkpointer.endDrain?.();
      checkpointer.giveBack();
      options.onFailure?.(message);
    };
    worker.on('error', (err) => failed(`WAL checkpoint worker failed: ${err.message}`));
    worker.on('exit', (code) => failed(`WAL checkpoint worker exited with ${code}`));
    return checkpointer;
  }

  /** Stops the worker after its current checkpoint; the app's connection checkpoints itself again. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    const exited = new Promise<void>((resolve) => this.worker.once('exit', () => resolve()));
    this.worker.postMessage('stop');
    await exited;
    this.endDrain?.();
    this.giveBack();
  }

  /**
   * Under a steady stream of commits a passive checkpoint never ends with every frame copied: the app
   * commits again while it runs. The writer then never starts the WAL over, and the WAL grows without
   * bound (over 1 GB in 30 s at ~1,300 relay requests a second). Once the WAL passes `drainFrames`,
   * the app's statements are held while the worker checkpoints once more: nothing is written meanwhile,
   * so every frame gets copied, and the app's next commit starts the WAL over. The hold lasts one
   * checkpoint of what was written since the last one, and its fsync: a few ms, during which the
   * relay's commits wait their turn in the write queue, off the event loop (docs/ledger.md, "SQLite").
   */
  private drain(): void {
    const hold = this.options.holdWrites;
    if (!hold || this.endDrain || this.stopped || performance.now() < this.nextDrainAt) return;
    const checkpointed = new Promise<void>((resolve) => {
      this.endDrain = resolve;
    });
    hold(() => {
      if (!this.stopped) this.worker.postMessage('checkpoint');
      else this.endDrain?.();
      return checkpointed;
    })
      .catch(() => undefined) // the queue was not free in time: the next report tries again
      .finally(() => {
        this.endDrain = null;
        this.nextDrainAt = performance.now() + (this.options.drainPauseMs ?? DRAIN_PAUSE_MS);
      });
  }

  private giveBack(): void {
    try {
      this.app.pragma(`wal_autocheckpoint = ${this.fallbackPages}`);
    } catch {
      // The app's connection is already closed: nothing left to checkpoint from it.
    }
  }
}
