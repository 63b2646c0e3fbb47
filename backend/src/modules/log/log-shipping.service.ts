import { Inject, Injectable, Logger, Optional, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { LogDatabase } from '../../database/log-database';
import { LogArchive } from './log-archive';
import { LogShipper, type ShipResult } from './log-shipper';
import { LogRepository } from './log.repository';

/** Injection token of the log database's LogArchive; null without LOG_SQL_DSN. */
export const LOG_ARCHIVE = Symbol('LogArchive');

export const logArchiveProvider = {
  provide: LOG_ARCHIVE,
  useFactory: (config: AppConfig): LogArchive | null =>
    config.logDatabase ? new LogArchive(new LogDatabase(config.logDatabase.url, config.dbLogging)) : null,
  inject: [APP_CONFIG],
};

const BATCH = 1000;
/** Batches per timer tick: a backlog (the log database was away) drains in steps that leave room for the rest. */
const BATCHES_PER_TICK = 20;

/**
 * Runs the LogShipper on every node while LOG_SQL_DSN is set: at boot, every
 * BATCH_UPDATE_INTERVAL_MS (at least 0.1 s, at most 1 s) and once more at shutdown (docs/logs.md).
 */
@Injectable()
export class LogShippingService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('LogShipper');
  private readonly shipper?: LogShipper;
  private timer?: NodeJS.Timeout;
  private busy = false;

  constructor(
    repo: LogRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() @Inject(LOG_ARCHIVE) archive?: LogArchive | null,
  ) {
    if (archive) this.shipper = new LogShipper({ outbox: repo, archive }, { batchSize: BATCH, report: this.logger });
  }

  onModuleInit(): void {
    if (!this.shipper) return;
    const every = Math.min(Math.max(this.config.batchUpdateIntervalMs, 100), 1000);
    this.timer = setInterval(() => void this.tick(), every);
    this.timer.unref();
    void this.tick();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Moves what the outbox holds now (shutdown: after the ledger's last commit and the log writer's flush). */
  async shipAll(): Promise<ShipResult> {
    return this.shipper ? this.shipper.ship() : { moved: 0, conflicts: 0 };
  }

  private async tick(): Promise<void> {
    if (this.busy || !this.shipper) return;
    this.busy = true;
    try {
      await this.shipper.ship(BATCHES_PER_TICK);
    } finally {
      this.busy = false;
    }
  }
}
