import { setImmediate as nextTurn } from 'node:timers/promises';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { OptionService } from '../option/option.service';
import { ClusterJobs } from '../redis/cluster-jobs.service';
import { QuotaDataRepository } from './quota-data.repository';

const HOUR = 3600;
const DAY = 24 * HOUR;
/** Hours already rolled up are recomputed this far back, for settlements that land late (long streams, restarts). */
export const ROLLUP_RECHECK_SEC = 2 * DAY;
/**
 * One statement sums at most this span, with a turn of the event loop after each: on SQLite (synchronous) a
 * day of every user's rows held every request ~30 ms, an hour holds it ~1 ms (docs/dashboard.md).
 */
const CHUNK_SEC = HOUR;

/**
 * Keeps `quota_data_totals` (every user's usage per hour and model) on the master node: at boot and
 * then every DataExportInterval minutes while DataExportEnabled is on, the hours completed since the
 * last run (and the last two days again) are summed from quota_data (docs/dashboard.md, "Freshness").
 */
@Injectable()
export class UsageRollupService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(UsageRollupService.name);
  private timer?: NodeJS.Timeout;
  private stopped = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly options: OptionService,
    private readonly data: QuotaDataRepository,
    private readonly jobs: ClusterJobs,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.isMaster) return;
    this.schedule(0);
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  /** The option is read before each wait, so a changed interval applies from the next run. */
  private schedule(delayMs: number): void {
    if (this.stopped) return;
    const periodMs = Math.max(1, this.options.settings.DataExportInterval) * 60_000;
    this.timer = setTimeout(() => {
      void this.jobs
        .run('usage-rollup', periodMs, () => this.tick())
        .catch((err) => this.logger.warn(`dashboard roll-up failed, will retry: ${String(err)}`))
        .finally(() => this.schedule(Math.max(1, this.options.settings.DataExportInterval) * 60_000));
    }, delayMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (!this.options.settings.DataExportEnabled) return;
    try {
      await this.rollUp(Math.floor(Date.now() / 1000));
    } catch (err) {
      this.logger.warn(`dashboard roll-up failed, will retry: ${String(err)}`);
    }
  }

  /** Sums every completed hour before `now` not yet rolled up, and re-sums the recent ones. */
  async rollUp(now: number): Promise<void> {
    const current = now - (now % HOUR);
    const rolled = await this.data.rolledUntil();
    const from = rolled > 0 ? Math.min(rolled, current - ROLLUP_RECHECK_SEC) : await this.data.firstHour();
    if (from === null) return;
    for (let start = Math.max(0, from); start < current && !this.stopped; start += CHUNK_SEC) {
      await this.data.rollUp(start, Math.min(start + CHUNK_SEC, current));
      await nextTurn();
    }
  }
}
