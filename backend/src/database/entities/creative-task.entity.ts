import { Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { BigIntColumn, IntColumn, StrColumn, TextColumn } from '../columns';

/** Asynchronous creative task (Suno music/lyrics). Times in seconds. */
@Entity('tasks')
@Index(['user_id', 'submit_time'])
export class CreativeTaskEntity {
  @PrimaryGeneratedColumn() id!: number;
  @BigIntColumn() created_at!: number;
  @BigIntColumn() updated_at!: number;
  @Index() @StrColumn(191) task_id!: string;
  @StrColumn(32) platform!: string;
  @IntColumn() user_id!: number;
  @IntColumn() channel_id!: number;
  @BigIntColumn() quota!: number;
  @StrColumn(32) action!: string;
  @StrColumn(32) status!: string;
  @TextColumn() fail_reason!: string | null;
  @BigIntColumn() submit_time!: number;
  @BigIntColumn() start_time!: number;
  @BigIntColumn() finish_time!: number;
  @StrColumn(16) progress!: string;
  @TextColumn() properties!: string | null;
  @TextColumn() data!: string | null;
}
