import { Worker } from 'node:worker_threads';

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
}

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
const timer = setInterval(() => {
  const [result] = db.pragma('wal_checkpoint(PASSIVE)');
  if (workerData.report) parentPort.postMessage(result);
}, workerData.intervalMs);
parentPort.on('message', () => {
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

  private constructor(
    private readonly worker: Worker,
    private readonly app: PragmaConnection,
    private readonly fallbackPages: number,
  ) {}

  /** Starts checkpointing `path`, the file `app` is connected to (not for `:memory:`). */
  static start(app: PragmaConnection, path: string, options: WalCheckpointerOptions = {}): WalCheckpointer {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        driver: require.resolve('better-sqlite3'),
        path,
        intervalMs: options.intervalMs ?? 100,
        // Results cross to the app's thread only for a listener: no wake-up every interval otherwise.
        report: !!options.onCheckpoint,
      },
    });
    worker.unref();
    const checkpointer = new WalCheckpointer(worker, app, options.fallbackPages ?? 1000);
    app.pragma('wal_autocheckpoint = 0');
    if (options.onCheckpoint) worker.on('message', options.onCheckpoint);
    const failed = (message: string) => {
      if (checkpointer.stopped) return;
      checkpointer.stopped = true;
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
    this.giveBack();
  }

  private giveBack(): void {
    try {
      this.app.pragma(`wal_autocheckpoint = ${this.fallbackPages}`);
    } catch {
      // The app's connection is already closed: nothing left to checkpoint from it.
    }
  }
}
