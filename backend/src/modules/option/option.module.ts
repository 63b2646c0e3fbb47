import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OptionEntity } from '../../database/entities';
import { GroupController, OptionController, PrefillGroupController } from './option.controller';
import { OptionRepository } from './option.repository';
import { OptionService } from './option.service';
import { PrefillGroupService } from './prefill-group.service';

/** Options: OptionRepository (data access) and OptionService (validation and the settings snapshot). */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([OptionEntity])],
  controllers: [OptionController, GroupController, PrefillGroupController],
  providers: [OptionRepository, OptionService, PrefillGroupService],
  exports: [OptionRepository, OptionService],
})
export class OptionModule {}
