import { Injectable } from '@nestjs/common';
import { LogType } from '@gw/shared';
import { AppError } from '../../common/http/app-error';
import { nowSec } from '../../database/columns';
import { isUniqueViolation } from '../../database/db-errors';
import { OptionService } from '../option/option.service';
import { UserService } from '../user/user.service';
import { CheckInRepository } from './check-in.repository';
import { checkInAmount, dayKey } from './check-in-rules';

/**
 * The daily check-in (docs/check-in.md): while CheckInEnabled, each user may check in once per
 * calendar day of the server's time zone and receives CheckInQuota (or a random amount up to
 * CheckInMaxQuota). The day's row and the credit with its type-5 log row commit together; the
 * unique (user_id, day) key refuses every other attempt of that day, however many arrive at once.
 */
@Injectable()
export class CheckInService {
  constructor(
    private readonly repo: CheckInRepository,
    private readonly users: UserService,
    private readonly options: OptionService,
  ) {}

  /** Whether the user may check in now (false while check-in is switched off). */
  async status(userId: number): Promise<{ can_check_in: boolean }> {
    if (!this.options.settings.CheckInEnabled) return { can_check_in: false };
    return { can_check_in: !(await this.repo.exists(userId, dayKey(new Date()))) };
  }

  /** Checks the user in for today and returns the quota granted (400 check_in.already when done). */
  async checkIn(userId: number): Promise<{ quota: number }> {
    const s = this.options.settings;
    if (!s.CheckInEnabled) throw AppError.badRequest('check_in.disabled');
    const day = dayKey(new Date());
    const quota = checkInAmount(s.CheckInQuota, s.CheckInMaxQuota);
    try {
      await this.repo.transaction(async (tx) => {
        await this.repo.insert(tx, { user_id: userId, day, quota, created_at: nowSec() });
        if (quota > 0) {
          await this.users.credit(tx, {
            userId,
            quota,
            type: LogType.CheckIn,
            content: `daily check-in ${quota}`,
            other: { check_in_day: day },
          });
        }
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw AppError.badRequest('check_in.already');
      throw err;
    }
    this.users.changes.next(userId);
    return { quota };
  }
}
