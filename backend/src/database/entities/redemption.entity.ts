import { Entity, Index, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { RedemptionStatus } from '@gw/shared';
import { BigIntColumn, BoolColumn, IntColumn, StrColumn } from '../columns';

@Entity('redemptions')
export class RedemptionEntity {
  @PrimaryGeneratedColumn() id!: number;
  /** Creator (admin). */
  @IntColumn() user_id!: number;
  @StrColumn(64, { unique: true }) key!: string;
  @IntColumn({ default: RedemptionStatus.Unused }) status!: number;
  @Index() @StrColumn(64) name!: string;
  @BigIntColumn() quota!: number;
  @BigIntColumn() created_time!: number;
  @BigIntColumn() redeemed_time!: number;
  @IntColumn() used_user_id!: number;
  @BoolColumn() is_gift!: boolean;
  /** -1 means unlimited (gift codes). */
  @IntColumn({ default: 1 }) max_uses!: number;
  @IntColumn() used_count!: number;
  @BigIntColumn() valid_from!: number;
  @BigIntColumn() valid_until!: number;
  @BigIntColumn({ nullable: true, default: null }) deleted_at!: number | null;
}

/** One row per (gift code, user): a user redeems a gift code once, enforced by the unique key. */
@Entity('redemption_uses')
@Unique(['redemption_id', 'user_id'])
export class RedemptionUseEntity {
  @PrimaryGeneratedColumn() id!: number;
  @IntColumn() redemption_id!: number;
  @IntColumn() user_id!: number;
  @BigIntColumn() created_time!: number;
}
