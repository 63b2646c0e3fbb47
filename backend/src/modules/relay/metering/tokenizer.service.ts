import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { encodingFor } from './token-count';

/** Counts tokens (exact, js-tiktoken) off the event loop. */
export interface TokenCounter {
  count(model: string, texts: readonly string[]): Promise<number>;
}

/** The worker exits after this long without work, giving its memory back. */
const IDLE_MS = 5 * 60_000;

/**
 * Runs the tokenizer in one lazily started worker thread. Only needed when an upstream reports no
 * usage (or a stream is cut before it does); the hot path never loads the ranks.
 */
@Injectable()
export class TokenizerService implements TokenCounter, OnApplicationShutdown {
  private readonly logger = new Logger(TokenizerService.name);
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (n: number) => void; reject: (e: Error) => void }>();
  private idleTimer?: NodeJS.Timeout;

  count(model: string, texts: readonly string[]): Promise<number> {
    const nonEmpty = texts.filter(Boolean);
    if (nonEmpty.length === 0) return Promise.resolve(0);
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise<number>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, encoding: encodingFor(model), texts: nonEmpty });
    }).finally(() => this.armIdleTimer());
  }

  async onApplicationShutdown(): Promise<void> {
    clearTimeout(this.idleTimer);
    await this.worker?.terminate();
  }

  private ensureWorker(): Worker {
    clearTimeout(this.idleTimer);
    if (this.worker) return this.worker;
    const worker = new Worker(join(__dirname, 'tokenizer.worker.js'));
    worker.unref();
    worker.on('message', (m: { id: number; count?: number; error?: string }) => {
      const p = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (m.error !== undefined) p?.reject(new Error(m.error));
      else p?.resolve(m.count ?? 0);
    });
    const fail = (err: Error) => {
      this.logger.error(`tokenizer worker failed: ${err.message}`);
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
      if (this.worker === worker) this.worker = null;
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (this.pending.size > 0) fail(new Error(`tokenizer worker exited with ${code}`));
      if (this.worker === worker) this.worker = null;
    });
    this.worker = worker;
    return worker;
  }

  private armIdleTimer(): void {
    clearTimeout(this.idleTimer);
    if (this.pending.size > 0 || !this.worker) return;
    this.idleTimer = setTimeout(() => {
      const w = this.worker;
      this.worker = null;
      void w?.terminate();
    }, IDLE_MS);
    this.idleTimer.unref();
  }
}
