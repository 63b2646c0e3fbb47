import { Worker, type WorkerOptions } from 'node:worker_threads';
import { encodingFor } from './token-count';

/** Counts tokens (exact, js-tiktoken) off the event loop. */
export interface TokenCounter {
  count(model: string, texts: readonly string[]): Promise<number>;
}

interface Pending {
  worker: Worker;
  resolve: (n: number) => void;
  reject: (e: Error) => void;
}

export interface TokenizerPoolOptions {
  /** The worker exits after this long without work, giving its memory back. */
  idleMs: number;
  report: (message: string) => void;
  workerOptions?: WorkerOptions;
}

/**
 * One lazily started tokenizer worker thread. A worker that fails ('error', an unexpected 'exit',
 * a message that cannot be posted) rejects only the counts it held, never takes the process with
 * it, and is replaced by a fresh worker on the next count.
 */
export class TokenizerPool implements TokenCounter {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private idleTimer?: NodeJS.Timeout;

  constructor(
    private readonly script: string | URL,
    private readonly options: TokenizerPoolOptions,
  ) {}

  count(model: string, texts: readonly string[]): Promise<number> {
    const nonEmpty = texts.filter(Boolean);
    if (nonEmpty.length === 0) return Promise.resolve(0);
    return new Promise<number>((resolve, reject) => {
      const worker = this.ensureWorker();
      const id = this.nextId++;
      this.pending.set(id, { worker, resolve, reject });
      try {
        worker.postMessage({ id, encoding: encodingFor(model), texts: nonEmpty });
      } catch (err) {
        this.pending.delete(id);
        throw err;
      }
    }).finally(() => this.armIdleTimer());
  }

  /** Counts waiting for an answer (tests, shutdown). */
  get waiting(): number {
    return this.pending.size;
  }

  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    const w = this.worker;
    this.worker = null;
    await w?.terminate();
  }

  private ensureWorker(): Worker {
    clearTimeout(this.idleTimer);
    if (this.worker) return this.worker;
    const worker = new Worker(this.script, this.options.workerOptions);
    worker.unref();
    worker.on('message', (m: { id: number; count?: number; error?: string }) => {
      const p = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (m.error !== undefined) p?.reject(new Error(m.error));
      else p?.resolve(m.count ?? 0);
    });
    worker.on('error', (err: Error) => this.failed(worker, `tokenizer worker failed: ${err.message}`));
    worker.on('exit', (code) => this.failed(worker, `tokenizer worker exited with ${code}`));
    this.worker = worker;
    return worker;
  }

  /** Rejects the counts `worker` held and forgets it; the next count starts a new one. */
  private failed(worker: Worker, message: string): void {
    if (this.worker === worker) this.worker = null;
    let held = 0;
    for (const [id, p] of this.pending) {
      if (p.worker !== worker) continue;
      this.pending.delete(id);
      p.reject(new Error(message));
      held++;
    }
    if (held > 0) this.options.report(`${message}; ${held} count(s) failed, a new worker starts on the next count`);
  }

  private armIdleTimer(): void {
    clearTimeout(this.idleTimer);
    if (this.pending.size > 0 || !this.worker) return;
    this.idleTimer = setTimeout(() => void this.close(), this.options.idleMs);
    this.idleTimer.unref();
  }
}
