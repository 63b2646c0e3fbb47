import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LogEntity } from '../../database/entities';
import { LogAdminController, LogSelfController } from './log.controller';
import { LogQueryService } from './log-query.service';
import { LogRepository } from './log.repository';
import { LogService } from './log.service';

/** The usage and event log; LogRepository is the only code touching `logs` (besides the ledger's raw inserts). */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([LogEntity])],
  controllers: [LogSelfController, LogAdminController],
  providers: [LogRepository, LogService, LogQueryService],
  exports: [LogService],
})
export class LogModule {}
