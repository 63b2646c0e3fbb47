import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AbilityEntity, ChannelEntity } from '../../database/entities';
import { ChannelBulkController, TypeModelsController } from './channel-bulk.controller';
import { ChannelBulkService } from './channel-bulk.service';
import { ChannelController, UserModelsController } from './channel.controller';
import { ChannelQueryService } from './channel-query.service';
import { ChannelService } from './channel.service';

@Module({
  imports: [TypeOrmModule.forFeature([ChannelEntity, AbilityEntity])],
  controllers: [ChannelBulkController, TypeModelsController, ChannelController, UserModelsController],
  providers: [ChannelService, ChannelQueryService, ChannelBulkService],
  exports: [ChannelService, ChannelQueryService],
})
export class ChannelModule {}
