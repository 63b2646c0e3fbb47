import { Entity, PrimaryGeneratedColumn } from 'typeorm';
import { BigIntColumn, IntColumn, TextColumn } from '../columns';

/**
 * Log rows the database refused after bounded retries, kept for inspection and replay instead of
 * blocking the rows queued behind them. `row` is the record as JSON (long strings shortened).
 */
@Entity('log_dead_letters')
export class LogDeadLetterEntity {
  @PrimaryGeneratedColumn() id!: number;
  @BigIntColumn() created_at!: number;
  @IntColumn() user_id!: number;
  @IntColumn() type!: number;
  @IntColumn() attempts!: number;
  @TextColumn() error!: string | null;
  @TextColumn() row!: string | null;
}
