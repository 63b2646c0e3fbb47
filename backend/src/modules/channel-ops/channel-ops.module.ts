import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ChannelEntity, UserEntity } from '../../database/entities';
import { ChannelModule } from '../channel/channel.module';
import { UpstreamModule } from '../upstream/upstream.module';
import { ChannelMonitorService } from './channel-monitor.service';
import { ChannelOpsController } from './channel-ops.controller';
import { ChannelTestService } from './channel-test.service';
import { ChannelUpstreamInfoService } from './channel-upstream-info.service';

/** Channel tests, balances, model fetches and the master node's monitoring jobs (issue 5). */
@Module({
  imports: [TypeOrmModule.forFeature([ChannelEntity, UserEntity]), ChannelModule, UpstreamModule],
  controllers: [ChannelOpsController],
  providers: [ChannelTestService, ChannelUpstreamInfoService, ChannelMonitorService],
})
export class ChannelOpsModule {}
