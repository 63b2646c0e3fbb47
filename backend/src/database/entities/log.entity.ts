import { Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { BigIntColumn, BoolColumn, IntColumn, StrColumn, TextColumn } from '../columns';

/** Usage and event log (docs/console.md#usage-log). Indexed for filtered, paged queries over millions of rows. */
@Entity('logs')
@Index(['created_at'])
@Index(['user_id', 'created_at'])
@Index(['type', 'created_at'])
@Index(['model_name', 'created_at'])
@Index(['token_name', 'created_at'])
@Index(['channel_id', 'created_at'])
@Index(['username', 'created_at'])
@Index(['group', 'created_at'])
@Index(['request_id'])
export class LogEntity {
  @PrimaryGeneratedColumn() id!: number;
  @IntColumn() user_id!: number;
  @BigIntColumn() created_at!: number;
  @IntColumn() type!: number;
  @TextColumn() content!: string | null;
  @StrColumn(64) username!: string;
  @StrColumn(64) token_name!: string;
  @StrColumn(191) model_name!: string;
  @BigIntColumn() quota!: number;
  @IntColumn() prompt_tokens!: number;
  @IntColumn() completion_tokens!: number;
  /** Seconds. */
  @IntColumn() use_time!: number;
  @BoolColumn() is_stream!: boolean;
  @IntColumn() channel_id!: number;
  @StrColumn(128) channel_name!: string;
  @IntColumn() token_id!: number;
  @StrColumn(64) group!: string;
  @StrColumn(64) ip!: string;
  @TextColumn() other!: string | null;
  /** The relay request this row books (x-oneapi-request-id); '' for rows of other origins. */
  @StrColumn(64) request_id!: string;
}
