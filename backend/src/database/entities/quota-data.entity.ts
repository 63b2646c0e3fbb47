import { Entity, Index, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { BigIntColumn, IntColumn, StrColumn } from '../columns';

/**
 * Hourly usage aggregate per (user, model) for the dashboard (docs/dashboard.md). Written by the
 * ledger with each settlement; `created_at` is indexed for the range scans of the hourly roll-up.
 */
@Entity('quota_data')
@Unique(['user_id', 'model_name', 'created_at'])
@Index('idx_quota_data_created_at', ['created_at'])
export class QuotaDataEntity {
  @PrimaryGeneratedColumn() id!: number;
  @IntColumn() user_id!: number;
  @StrColumn(64) username!: string;
  @StrColumn(191) model_name!: string;
  /** Start of the hour, epoch seconds. */
  @BigIntColumn() created_at!: number;
  @BigIntColumn() token_used!: number;
  @IntColumn() count!: number;
  @BigIntColumn() quota!: number;
}

/**
 * quota_data summed over every user per (hour, model): what the admin "everyone" view reads. Kept by
 * the DataExportInterval roll-up (docs/dashboard.md); the key leads with the hour for range scans.
 */
@Entity('quota_data_totals')
@Unique('uq_quota_data_totals_hour_model', ['created_at', 'model_name'])
export class QuotaDataTotalEntity {
  @PrimaryGeneratedColumn() id!: number;
  @StrColumn(191) model_name!: string;
  @BigIntColumn() created_at!: number;
  @BigIntColumn() token_used!: number;
  @BigIntColumn() count!: number;
  @BigIntColumn() quota!: number;
}
