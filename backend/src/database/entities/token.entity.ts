import { Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { TokenStatus } from '@gw/shared';
import { BigIntColumn, BoolColumn, IntColumn, StrColumn, TextColumn } from '../columns';

@Entity('tokens')
export class TokenEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Index() @IntColumn() user_id!: number;
  /** The key encrypted with CRYPTO_SECRET, so its owner can still read it in the console. */
  @StrColumn(255) key!: string;
  /** Keyed hash of the key: the relay looks keys up by this. */
  @StrColumn(64, { unique: true }) key_hash!: string;
  @IntColumn({ default: TokenStatus.Enabled }) status!: number;
  @StrColumn(64) name!: string;
  @BigIntColumn() created_time!: number;
  @BigIntColumn() accessed_time!: number;
  @BigIntColumn({ default: -1 }) expired_time!: number;
  @BigIntColumn() remain_quota!: number;
  @BoolColumn() unlimited_quota!: boolean;
  @BoolColumn() model_limits_enabled!: boolean;
  @TextColumn() model_limits!: string | null;
  @TextColumn() allow_ips!: string | null;
  @BigIntColumn() used_quota!: number;
  @StrColumn(64) group!: string;
  @BoolColumn() rate_limit_enabled!: boolean;
  @IntColumn({ default: 60 }) rate_limit_period!: number;
  @IntColumn({ default: 1000 }) rate_limit_count!: number;
  @IntColumn({ default: 10 }) rate_limit_success!: number;
  @BigIntColumn({ nullable: true, default: null }) deleted_at!: number | null;
}
