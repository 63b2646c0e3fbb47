import { Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { BigIntColumn, IntColumn } from '../columns';

/** One row per user per day: the unique key grants a check-in once, however many arrive at once. */
@Entity('check_ins')
@Unique(['user_id', 'day'])
export class CheckInEntity {
  @PrimaryGeneratedColumn() id!: number;
  @IntColumn() user_id!: number;
  /** yyyymmdd in the server's time zone. */
  @IntColumn() day!: number;
  @BigIntColumn() quota!: number;
  @BigIntColumn() created_at!: number;
}
