import { Module } from '@nestjs/common';
import { ChannelModule } from '../channel/channel.module';
import { UpstreamModule } from '../upstream/upstream.module';
import { ChannelMonitorService } from './channel-monitor.service';
import { ChannelOpsController } from './channel-ops.controller';
import { ChannelTestService } from './channel-test.service';
import { ChannelUpstreamInfoService } from './channel-upstream-info.service';

/** Channel tests, balances, model fetches and the master node's periodic channel tests (issue 5); channel rows through ChannelService. */
@Module({
  imports: [ChannelModule, UpstreamModule],
  controllers: [ChannelOpsController],
  providers: [ChannelTestService, ChannelUpstreamInfoService, ChannelMonitorService],
})
export class ChannelOpsModule {}
