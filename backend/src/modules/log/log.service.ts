import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { nowSec } from '../../database/columns';
import { LogEntity } from '../../database/entities';

export type LogRecord = Partial<LogEntity> & Pick<LogEntity, 'type' | 'user_id'>;

const CHUNK = 200;

/**
 * Writes log rows in batches off the request path: record() only queues; a timer (and shutdown)
 * flushes. A failed flush is retried on the next tick so that nothing is dropped on a busy database.
 */
@Injectable()
export class LogService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(LogService.name);
  private queue: LogRecord[] = [];
  private timer?: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    @InjectRepository(LogEntity) private readonly repo: Repository<LogEntity>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

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
    if (this.queue.length >= CHUNK * 5) void this.flush();
  }

  /** Writes everything queued so far; concurrent callers wait for the same work. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.writeQueued());
    return this.flushing;
  }

  private async writeQueued(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.slice(0, CHUNK);
      try {
        await this.repo.insert(batch);
        this.queue.splice(0, batch.length);
      } catch (err) {
        this.logger.warn(`log flush failed, will retry: ${String(err)}`);
        return;
      }
    }
  }
}
