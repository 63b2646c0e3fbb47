import { Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { BigIntColumn, IntColumn, StrColumn } from '../columns';

/** Hourly usage aggregate per (user, model) for the dashboard. */
@Entity('quota_data')
@Unique(['user_id', 'model_name', 'created_at'])
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
