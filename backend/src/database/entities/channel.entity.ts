import { Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { ChannelStatus } from '@gw/shared';
import { BigIntColumn, FloatColumn, IntColumn, StrColumn, TextColumn } from '../columns';

@Entity('channels')
export class ChannelEntity {
  @PrimaryGeneratedColumn() id!: number;
  @IntColumn({ default: 1 }) type!: number;
  /** One or more upstream keys (newline or comma separated), encrypted with CRYPTO_SECRET. */
  @TextColumn() key!: string | null;
  @StrColumn(255) openai_organization!: string;
  @StrColumn(128) test_model!: string;
  @IntColumn({ default: ChannelStatus.Enabled }) status!: number;
  @Index() @StrColumn(128) name!: string;
  @IntColumn() weight!: number;
  @BigIntColumn() created_time!: number;
  @BigIntColumn() test_time!: number;
  /** Milliseconds of the last test. */
  @IntColumn() response_time!: number;
  @StrColumn(512) base_url!: string;
  @TextColumn() other!: string | null;
  @FloatColumn() balance!: number;
  @BigIntColumn() balance_updated_time!: number;
  @TextColumn() models!: string | null;
  @StrColumn(255, { default: 'default' }) group!: string;
  @BigIntColumn() used_quota!: number;
  @TextColumn() model_mapping!: string | null;
  @StrColumn(1024) status_code_mapping!: string;
  @BigIntColumn() priority!: number;
  @IntColumn({ default: 1 }) auto_ban!: number;
  @TextColumn() other_info!: string | null;
  @Index() @StrColumn(128) tag!: string;
  @TextColumn() setting!: string | null;
  @TextColumn() param_override!: string | null;
  @IntColumn() max_input_tokens!: number;
  @StrColumn(64) model_prefix!: string;
  /** How the keys of a multi-key channel are picked: 'random' or 'polling' (in turn). */
  @StrColumn(16, { default: 'random' }) multi_key_mode!: string;
}
