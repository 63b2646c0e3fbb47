import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { isDatabaseDown } from '../../common/http/error-body';
import { nowSec } from '../../database/columns';
import type { Charge, LedgerStore, Settlement } from './ledger-types';
import { MysqlLedgerStore } from './mysql-ledger-store';
import { foldSettlements } from './settlement-batch';
import { SqliteLedgerStore, type SqliteDatabase } from './sqlite-ledger-store';

/** Flush early when this many settlements are waiting. */
const EAGER_FLUSH = 2000;

/**
 * Money movements of the relay. reserve() and chargeUpTo() commit before returning (a reservation
 * survives kill -9); settle() only queues, and a timer applies the queue every BATCH_UPDATE_INTERVAL_MS
 * in one transaction (counters, refunds and consumption logs together). A failed flush keeps the
 * queue and is retried: a settlement is applied exactly once.
 */
@Injectable()
export class QuotaLedger implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(QuotaLedger.name);
  private readonly store: LedgerStore;
  private queue: Settlement[] = [];
  private timer?: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    @InjectDataSource() ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.store =
      ds.options.type === 'mysql'
        ? new MysqlLedgerStore(ds)
        : new SqliteLedgerStore((ds.driver as unknown as { databaseConnection: SqliteDatabase }).databaseConnection);
  }

  onModuleInit(): void {
    this.timer = setInterval(() => void this.flush(), this.config.batchUpdateIntervalMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  /** Takes `amount` from token and user, all or nothing. False: not enough quota. */
  reserve(charge: Charge, solo = false): Promise<boolean> {
    return this.store.reserve(charge, solo);
  }

  /** Takes up to `amount` more (usage above the reservation); returns what could be taken. */
  chargeUpTo(charge: Charge): Promise<number> {
    return this.store.chargeUpTo(charge);
  }

  settle(s: Settlement): void {
    this.queue.push(s);
    if (this.queue.length >= EAGER_FLUSH) void this.flush();
  }

  /** Applies everything queued so far; concurrent callers share the work. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.applyQueued());
    return this.flushing;
  }

  private async applyQueued(): Promise<void> {
    if (this.queue.length === 0) return;
    const items = this.queue;
    this.queue = [];
    try {
      await this.store.apply(foldSettlements(items, nowSec()));
    } catch (err) {
      if (isDatabaseDown(err)) {
        this.queue = items.concat(this.queue);
        this.logger.warn(`settlement flush failed, will retry: ${String(err)}`);
        return;
      }
      // A row the database refuses must not hold every other settlement back: apply one by one.
      this.logger.error(`settlement batch refused, applying one by one: ${String(err)}`);
      await this.applyOneByOne(items);
    }
  }

  private async applyOneByOne(items: Settlement[]): Promise<void> {
    const retry: Settlement[] = [];
    for (const item of items) {
      try {
        await this.store.apply(foldSettlements([item], nowSec()));
      } catch (err) {
        if (isDatabaseDown(err)) {
          retry.push(item);
          continue;
        }
        // Money first: keep the counters, drop only the refused log row.
        this.logger.error(`settlement refused, dropping its log row: ${String(err)}`);
        try {
          await this.store.apply(foldSettlements([{ ...item, log: undefined, usage: undefined }], nowSec()));
        } catch (again) {
          this.logger.error(`settlement refused twice, kept for retry: ${String(again)}`);
          retry.push(item);
        }
      }
    }
    this.queue = retry.concat(this.queue);
  }
}
