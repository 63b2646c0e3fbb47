import { Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { BigIntColumn, FloatColumn, IntColumn, StrColumn } from '../columns';

@Entity('top_ups')
export class TopUpEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Index() @IntColumn() user_id!: number;
  /** Quota units bought. */
  @BigIntColumn() amount!: number;
  /** Money paid. */
  @FloatColumn() money!: number;
  @StrColumn(191, { unique: true }) trade_no!: string;
  @StrColumn(32) payment_method!: string;
  @BigIntColumn() create_time!: number;
  @BigIntColumn() complete_time!: number;
  @StrColumn(32, { default: 'pending' }) status!: string;
}
