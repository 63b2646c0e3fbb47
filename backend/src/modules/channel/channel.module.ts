import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import {
  AbilityEntity,
  ChannelBatchEntity,
  ChannelBatchItemEntity,
  ChannelEntity,
  ChannelKeyStateEntity,
} from '../../database/entities';
import { ChannelBatchJournal } from './channel-batch-journal';
import { ChannelBatchSweeper } from './channel-batch-sweeper.service';
import { ChannelKeyStore } from './channel-key-store';
import { ChannelBreakers } from './health/channel-breakers.service';
import { ChannelMultiKeyController } from './channel-multi-key.controller';
import { ChannelMultiKeyService } from './channel-multi-key.service';
import { ChannelBulkController, TypeModelsController } from './channel-bulk.controller';
import { ChannelBulkService } from './channel-bulk.service';
import { ChannelController, UserModelsController } from './channel.controller';
import { ChannelQueryService } from './channel-query.service';
import { ChannelRepository } from './channel.repository';
import { ChannelService } from './channel.service';

/**
 * Channels and their routing index; ChannelRepository is the only code touching those tables
 * (ChannelBatchJournal those of batches still being written).
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      ChannelEntity,
      AbilityEntity,
      ChannelKeyStateEntity,
      ChannelBatchEntity,
      ChannelBatchItemEntity,
    ]),
  ],
  controllers: [
    ChannelBulkController,
    TypeModelsController,
    ChannelMultiKeyController,
    ChannelController,
    UserModelsController,
  ],
  providers: [
    ChannelRepository,
    ChannelService,
    ChannelQueryService,
    ChannelBulkService,
    ChannelKeyStore,
    ChannelMultiKeyService,
    ChannelBreakers,
    ChannelBatchJournal,
    ChannelBatchSweeper,
  ],
  exports: [ChannelRepository, ChannelService, ChannelQueryService, ChannelKeyStore, ChannelBreakers],
})
export class ChannelModule {}
