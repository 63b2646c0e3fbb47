import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { InjectRepository } from '@nestjs/typeorm';
import { LogType, UserStatus } from '@gw/shared';
import { LessThan, type Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { UserEntity } from '../../database/entities';
import { LogService } from '../log/log.service';
import { OptionService } from '../option/option.service';
import { ChannelTestService } from './channel-test.service';

/**
 * Background jobs of the master node: periodic channel tests (CHANNEL_TEST_FREQUENCY minutes, 0 = off,
 * as in one-api) and quota-low reminders (QuotaRemindThreshold; a system log row per user, once until
 * the quota rises again; mail/webhook delivery is not wired yet).
 */
@Injectable()
export class ChannelMonitorService implements OnApplicationBootstrap {
  private readonly logger = new Logger(ChannelMonitorService.name);
  private readonly reminded = new Set<number>();
  private scanning = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly scheduler: SchedulerRegistry,
    private readonly tester: ChannelTestService,
    private readonly options: OptionService,
    private readonly logs: LogService,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.isMaster) return;
    this.every('channel-test', this.config.channelTestFrequencyMin, () => {
      this.tester.startTestAll();
    });
    this.every('quota-remind', this.config.quotaRemindFrequencyMin, () => {
      void this.remindLowQuota().catch((err) => this.logger.warn(`quota reminder scan failed: ${String(err)}`));
    });
  }

  /** Users whose quota fell below QuotaRemindThreshold get one reminder until their quota rises again. */
  async remindLowQuota(): Promise<number> {
    const threshold = Number(this.options.settings.QuotaRemindThreshold) || 0;
    if (threshold <= 0 || this.scanning) return 0;
    this.scanning = true;
    try {
      const low = await this.users.find({
        select: { id: true, username: true, quota: true },
        where: { quota: LessThan(threshold), status: UserStatus.Enabled },
        take: 10_000,
      });
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

  private every(name: string, minutes: number, run: () => void): void {
    if (!(minutes > 0)) return;
    const timer = setInterval(run, Math.max(1000, Math.round(minutes * 60_000)));
    timer.unref();
    this.scheduler.addInterval(name, timer);
    this.logger.log(`${name} every ${minutes} min`);
  }
}
