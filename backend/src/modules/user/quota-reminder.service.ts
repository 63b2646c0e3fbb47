import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { LogType, UserStatus } from '@gw/shared';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { LogService } from '../log/log.service';
import { OptionService } from '../option/option.service';
import { UserRepository } from './user.repository';

/** Users looked at per scan. */
const SCAN_LIMIT = 10_000;

/**
 * Quota-low reminders on the master node, every QUOTA_REMIND_FREQUENCY minutes (0 = off): a user whose
 * quota fell below QuotaRemindThreshold gets one system log row, once until their quota rises again.
 * Mail/webhook delivery is not wired yet.
 */
@Injectable()
export class QuotaReminder implements OnApplicationBootstrap {
  private readonly logger = new Logger(QuotaReminder.name);
  /** Users reminded and still low; held in memory (a restart may remind once more). */
  private readonly reminded = new Set<number>();
  private scanning = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly scheduler: SchedulerRegistry,
    private readonly users: UserRepository,
    private readonly options: OptionService,
    private readonly logs: LogService,
  ) {}

  onApplicationBootstrap(): void {
    const minutes = this.config.quotaRemindFrequencyMin;
    if (!this.config.isMaster || !(minutes > 0)) return;
    const timer = setInterval(() => {
      void this.remindLowQuota().catch((err) => this.logger.warn(`quota reminder scan failed: ${String(err)}`));
    }, Math.max(1000, Math.round(minutes * 60_000)));
    timer.unref();
    this.scheduler.addInterval('quota-remind', timer);
    this.logger.log(`quota-remind every ${minutes} min`);
  }

  /** One scan; returns how many reminders it wrote. */
  async remindLowQuota(): Promise<number> {
    const threshold = Number(this.options.settings.QuotaRemindThreshold) || 0;
    if (threshold <= 0 || this.scanning) return 0;
    this.scanning = true;
    try {
      const low = await this.users.findLowQuota(threshold, UserStatus.Enabled, SCAN_LIMIT);
      const lowIds = new Set(low.map((u) => u.id));
      for (const id of [...this.reminded]) if (!lowIds.has(id)) this.reminded.delete(id);
      let sent = 0;
      for (const u of low.filter((x) => !this.reminded.has(x.id))) {
        this.reminded.add(u.id);
        this.logs.record({ type: LogType.System, user_id: u.id, username: u.username, content: `quota reminder: remaining quota ${u.quota} is below ${threshold}` });
        sent++;
      }
      return sent;
    } finally {
      this.scanning = false;
    }
  }
}
