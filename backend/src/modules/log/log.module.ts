import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LogEntity } from '../../database/entities';
import { LogAdminController, LogSelfController } from './log.controller';
import { LogQueryService } from './log-query.service';
import { LogService } from './log.service';

@Global()
@Module({
  imports: [TypeOrmModule.forFeature([LogEntity])],
  controllers: [LogSelfController, LogAdminController],
  providers: [LogService, LogQueryService],
  exports: [LogService],
})
export class LogModule {}
