import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, LessThanOrEqual, type Repository } from 'typeorm';
import { isUniqueViolation } from '../../database/db-errors';
import { QuotaAlertEntity } from '../../database/entities';

/** The `quota_alerts` table: who was alerted and when (docs/notifications.md). */
@Injectable()
export class QuotaAlertRepository {
  constructor(@InjectRepository(QuotaAlertEntity) private readonly alerts: Repository<QuotaAlertEntity>) {}

  /**
   * Takes the right to alert `userId` now: true when no alert is recorded, or (with `repeatAfterSec`)
   * the last one is at least that old. One conditional write, so two nodes or two checks racing
   * cannot both win.
   */
  async claim(userId: number, now: number, repeatAfterSec?: number): Promise<boolean> {
    if (repeatAfterSec !== undefined) {
      const res = await this.alerts.update({ user_id: userId, alerted_at: LessThanOrEqual(now - repeatAfterSec) }, { alerted_at: now });
      if (res.affected) return true;
    }
    try {
      await this.alerts.insert({ user_id: userId, alerted_at: now });
      return true;
    } catch (err) {
      if (isUniqueViolation(err)) return false;
      throw err;
    }
  }

  /** Users with an alert recorded, at most `limit`. */
  async alertedUsers(limit: number): Promise<number[]> {
    const rows = await this.alerts.find({ select: { user_id: true }, order: { user_id: 'ASC' }, take: limit });
    return rows.map((r) => r.user_id);
  }

  /**
   * Forgets these users' alerts sent at or before `sentBy` (their quota is back up: the next fall
   * alerts again, but never sooner than the spacing allows).
   */
  async forget(userIds: readonly number[], sentBy: number): Promise<void> {
    if (userIds.length > 0) await this.alerts.delete({ user_id: In([...userIds]), alerted_at: LessThanOrEqual(sentBy) });
  }
}
