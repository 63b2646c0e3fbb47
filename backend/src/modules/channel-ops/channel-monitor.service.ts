import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { APP_CONFIG, type AppConfig } from '../../config/env';
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
  ) {}

  onApplicationBootstrap(): void {
    const minutes = this.config.channelTestFrequencyMin;
    if (!this.config.isMaster || !(minutes > 0)) return;
    const timer = setInterval(() => this.tester.startTestAll(), Math.max(1000, Math.round(minutes * 60_000)));
    timer.unref();
    this.scheduler.addInterval('channel-test', timer);
    this.logger.log(`channel-test every ${minutes} min`);
  }
}
