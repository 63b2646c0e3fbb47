import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { ClusterJobs } from '../redis/cluster-jobs.service';
import { ChannelTestService } from './channel-test.service';

/**
 * Background channel work of the master node: periodic channel tests every CHANNEL_TEST_FREQUENCY
 * minutes (0 = off, as in one-api). Quota-low alerts live in notify/quota-alert.service.ts.
 */
@Injectable()
export class ChannelMonitorService implements OnApplicationBootstrap {
  private readonly logger = new Logger(ChannelMonitorService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly scheduler: SchedulerRegistry,
    private readonly tester: ChannelTestService,
    private readonly jobs: ClusterJobs,
  ) {}

  onApplicationBootstrap(): void {
    const minutes = this.config.channelTestFrequencyMin;
    if (!this.config.isMaster || !(minutes > 0)) return;
    const periodMs = Math.max(1000, Math.round(minutes * 60_000));
    const timer = setInterval(() => {
      this.jobs
        .run('channel-test', periodMs, () => this.tester.startTestAll())
        .catch((err) => this.logger.warn(`channel test failed: ${String(err)}`));
    }, periodMs);
    timer.unref();
    this.scheduler.addInterval('channel-test', timer);
    this.logger.log(`channel-test every ${minutes} min`);
  }
}
