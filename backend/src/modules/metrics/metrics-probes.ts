import { Inject, Injectable, Optional, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { QuotaLedger } from '../billing/quota-ledger.service';
import type { LogArchive } from '../log/log-archive';
import { LOG_ARCHIVE } from '../log/log-shipping.service';
import { RelayMetrics } from './relay-metrics.service';

/** A database check slower than this counts as down. */
const DB_CHECK_MS = 1000;

/**
 * Gauges read on scrape: the database's health (one `SELECT 1`; the log database's too when
 * LOG_SQL_DSN is set) and the quota ledger's write queue.
 * Redis's health is RedisConnection's own gauge (gateway_redis_up).
 */
@Injectable()
export class MetricsProbes implements OnModuleInit {
  constructor(
    private readonly metrics: RelayMetrics,
    private readonly ledger: QuotaLedger,
    @InjectDataSource() private readonly ds: DataSource,
    @Optional() @Inject(LOG_ARCHIVE) private readonly logArchive?: LogArchive | null,
  ) {}

  onModuleInit(): void {
    this.metrics.probe('gateway_database_up', 'Whether the database answered SELECT 1 at scrape (1) or not (0).', () =>
      this.databaseUp(),
    );
    const logArchive = this.logArchive;
    if (logArchive) {
      this.metrics.probe(
        'gateway_log_database_up',
        'Whether the log database (LOG_SQL_DSN) answered SELECT 1 at scrape (1) or not (0); its rows wait in the main database meanwhile.',
        async () => ((await logArchive.up()) ? 1 : 0),
      );
    }
    this.metrics.probe(
      'gateway_ledger_queue_depth',
      'Money movements (reservations, settlements, retries) waiting for the next ledger commit.',
      () => this.ledger.pending.queued,
    );
    this.metrics.probe(
      'gateway_ledger_open_reservations',
      'Reservations taken by this process and not yet settled (requests in flight).',
      () => this.ledger.pending.open,
    );
  }

  private async databaseUp(): Promise<number> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<number>((resolve) => {
      timer = setTimeout(() => resolve(0), DB_CHECK_MS);
    });
    const check = this.ds.query('SELECT 1').then(
      () => 1,
      () => 0,
    );
    try {
      return await Promise.race([check, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
