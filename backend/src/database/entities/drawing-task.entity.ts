import { Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { BigIntColumn, IntColumn, StrColumn, TextColumn } from '../columns';

/** Midjourney drawing task. Times in milliseconds. */
@Entity('midjourneys')
@Index(['user_id', 'submit_time'])
export class DrawingTaskEntity {
  @PrimaryGeneratedColumn() id!: number;
  @IntColumn() code!: number;
  @IntColumn() user_id!: number;
  @StrColumn(32) action!: string;
  @Index() @StrColumn(64) mj_id!: string;
  @TextColumn() prompt!: string | null;
  @TextColumn() prompt_en!: string | null;
  @TextColumn() description!: string | null;
  @StrColumn(64) state!: string;
  @BigIntColumn() submit_time!: number;
  @BigIntColumn() start_time!: number;
  @BigIntColumn() finish_time!: number;
  @TextColumn() image_url!: string | null;
  @StrColumn(32) status!: string;
  @StrColumn(16) progress!: string;
  @TextColumn() fail_reason!: string | null;
  @IntColumn() channel_id!: number;
  @BigIntColumn() quota!: number;
  @TextColumn() buttons!: string | null;
  @TextColumn() properties!: string | null;
  @BigIntColumn() created_at!: number;
}
