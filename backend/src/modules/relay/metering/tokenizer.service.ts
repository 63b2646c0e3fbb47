import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { join } from 'node:path';
import { TokenizerPool, type TokenCounter } from './tokenizer-pool';

export type { TokenCounter };

/**
 * Runs the tokenizer in one lazily started worker thread (TokenizerPool). Only needed when an
 * upstream reports no usage (or a stream is cut before it does); the hot path never loads the ranks.
 */
@Injectable()
export class TokenizerService implements TokenCounter, OnApplicationShutdown {
  private readonly logger = new Logger(TokenizerService.name);
  private readonly pool = new TokenizerPool(join(__dirname, 'tokenizer.worker.js'), {
    idleMs: 5 * 60_000,
    report: (message) => this.logger.error(message),
  });

  count(model: string, texts: readonly string[]): Promise<number> {
    return this.pool.count(model, texts);
  }

  /** Stops the worker: counts still waiting fail (callers bill an estimate); a later count starts a new one. */
  close(): Promise<void> {
    return this.pool.close();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.close();
  }
}
