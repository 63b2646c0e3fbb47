import { Entity, PrimaryColumn } from 'typeorm';
import { BigIntColumn, BoolColumn, IntColumn, StrColumn, TextColumn } from '../columns';

/**
 * Quota held by one relay request from admission until it is settled (docs/ledger.md). The row is
 * written in the same transaction that takes the quota and deleted in the one that settles it, so
 * an open row after a crash is a request whose outcome was never booked: boot recovery closes it.
 */
@Entity('reservations', { withoutRowid: true })
export class ReservationEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 }) request_id!: string;
  @IntColumn() user_id!: number;
  @IntColumn() token_id!: number;
  /** Whether the amount was also taken from the token's remain_quota (not for unlimited tokens). */
  @BoolColumn() token_drawn!: boolean;
  @BigIntColumn() amount!: number;
  /** The prompt part of `amount`: what an interrupted request is charged at recovery. */
  @BigIntColumn() prompt_quota!: number;
  /** NODE_NAME of the process that made it: each node recovers only its own. */
  @StrColumn(64) node!: string;
  @BigIntColumn() created_at!: number;
  /** JSON: what the interrupted log row needs (username, token name, model, group, ip, path, channel). */
  @TextColumn() meta!: string | null;
}
