import { Entity, PrimaryColumn } from 'typeorm';
import { BigIntColumn } from '../columns';

/**
 * A user who was sent a low-quota alert (docs/notifications.md). The row is the durable "already
 * told" mark: it spaces alerts at least two hours apart across restarts and nodes, and the periodic
 * scan deletes it once the user's quota is back above their threshold.
 */
@Entity('quota_alerts')
export class QuotaAlertEntity {
  @PrimaryColumn({ type: 'integer' }) user_id!: number;
  /** Epoch seconds of the last alert. */
  @BigIntColumn() alerted_at!: number;
}
