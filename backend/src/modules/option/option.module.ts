import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OptionEntity } from '../../database/entities';
import { GroupController, OptionController } from './option.controller';
import { OptionService } from './option.service';

@Global()
@Module({
  imports: [TypeOrmModule.forFeature([OptionEntity])],
  controllers: [OptionController, GroupController],
  providers: [OptionService],
  exports: [OptionService],
})
export class OptionModule {}
