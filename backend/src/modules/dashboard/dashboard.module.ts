import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { QuotaDataEntity, QuotaDataTotalEntity } from '../../database/entities';
import { UserModule } from '../user/user.module';
import { QuotaDataRepository } from './quota-data.repository';
import { UsageDataAdminController, UsageDataSelfController } from './usage-data.controller';
import { UsageDataService } from './usage-data.service';
import { UsageRollupService } from './usage-rollup.service';

/**
 * The data dashboard's API (docs/dashboard.md). quota_data is written by the ledger (billing) with
 * each settlement and only read here; QuotaDataRepository owns quota_data_totals.
 */
@Module({
  imports: [TypeOrmModule.forFeature([QuotaDataEntity, QuotaDataTotalEntity]), UserModule],
  controllers: [UsageDataSelfController, UsageDataAdminController],
  providers: [QuotaDataRepository, UsageDataService, UsageRollupService],
})
export class DashboardModule {}
