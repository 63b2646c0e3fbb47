import { join } from 'node:path';
import { Inject, Injectable, Logger, Optional, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { isDatabaseDown } from '../../common/http/error-body';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { nowSec } from '../../database/columns';
import { fitLogRecord } from './log-limits';
import { LogQueue, type LogRecord } from './log-queue';
import { LogShippingService } from './log-shipping.service';
import { LogRepository } from './log.repository';

export type { LogRecord };

const FLUSH_AT = 1000;
const LOCK_ERRORS = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT', 'SQLITE_LOCKED']);

/** Database down or a lock timeout: the row is fine, the moment is not. */
function isTransient(err: unknown): boolean {
  const e = err as { code?: string; driverError?: { code?: string } };
  return isDatabaseDown(err) || LOCK_ERRORS.has(e?.driverError?.code ?? e?.code ?? '');
}

/**
 * Writes log rows in batches off the request path: record() only queues (stamping created_at
 * now, when the event happens); a timer (and shutdown) flushes through LogQueue, which retries
 * while the database is down and dead-letters a row it keeps refusing.
 */
@Injectable()
export class LogService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(LogService.name);
  private readonly queue: LogQueue;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly repo: LogRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() private readonly shipping?: LogShippingService,
  ) {
    this.queue = new LogQueue(
      {
        insert: (rows) => this.repo.insert(rows),
        insertDeadLetter: (letter) => this.repo.insertDeadLetter(letter),
      },
      { isTransient, deadLetterFile: join(config.dataDir, 'log-dead-letters.jsonl'), report: this.logger, now: nowSec },
    );
  }

  onModuleInit(): void {
    this.timer = setInterval(() => void this.flush(), this.config.batchUpdateIntervalMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  record(entry: LogRecord): void {
    this.queue.push({ created_at: nowSec(), ...entry });
    if (this.queue.size >= FLUSH_AT) void this.flush();
  }

  /** Inserts one row in the caller's transaction: for rows that must commit with a balance change. */
  async insertNow(m: EntityManager, entry: LogRecord): Promise<void> {
    await this.repo.insertWithin(m, fitLogRecord({ created_at: nowSec(), ...entry }));
  }

  /** Rows waiting to be written (reported if the shutdown hangs). */
  get pending(): number {
    return this.queue.size;
  }

  /** Writes everything queued so far. */
  flush(): Promise<void> {
    return this.queue.flush();
  }

  /**
   * The last step of a shutdown, once the ledger's commits are done: writes what is queued, then moves
   * the main database's rows to the log database when LOG_SQL_DSN is set (docs/logs.md).
   */
  async finish(): Promise<void> {
    await this.flush();
    await this.shipping?.shipAll();
  }
}
