import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AbilityEntity, ChannelEntity } from '../../database/entities';
import { ChannelBulkController, TypeModelsController } from './channel-bulk.controller';
import { ChannelBulkService } from './channel-bulk.service';
import { ChannelController, UserModelsController } from './channel.controller';
import { ChannelQueryService } from './channel-query.service';
import { ChannelRepository } from './channel.repository';
import { ChannelService } from './channel.service';

/** Channels and their routing index; ChannelRepository is the only code touching those tables. */
@Module({
  imports: [TypeOrmModule.forFeature([ChannelEntity, AbilityEntity])],
  controllers: [ChannelBulkController, TypeModelsController, ChannelController, UserModelsController],
  providers: [ChannelRepository, ChannelService, ChannelQueryService, ChannelBulkService],
  exports: [ChannelRepository, ChannelService, ChannelQueryService],
})
export class ChannelModule {}
