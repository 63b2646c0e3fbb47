import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LogEntity } from '../../database/entities';
import { LogAdminController, LogSelfController } from './log.controller';
import { LogQueryService } from './log-query.service';
import { LogRepository } from './log.repository';
import { LogService } from './log.service';
import { logArchiveProvider, LogShippingService } from './log-shipping.service';

/**
 * The usage and event log; LogRepository is the only code touching `logs` (besides the ledger's raw
 * inserts), LogArchive the log database's `logs` (LOG_SQL_DSN).
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([LogEntity])],
  controllers: [LogSelfController, LogAdminController],
  providers: [LogRepository, LogService, LogQueryService, logArchiveProvider, LogShippingService],
  exports: [LogService, LogShippingService, logArchiveProvider],
})
export class LogModule {}
