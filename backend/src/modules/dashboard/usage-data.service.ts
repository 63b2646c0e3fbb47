import { Injectable } from '@nestjs/common';
import { mergeIntoBuckets, type QuotaDataQuery, type QuotaDataRow } from '@gw/shared';
import { UserService } from '../user/user.service';
import { QuotaDataRepository } from './quota-data.repository';

/**
 * The dashboard's usage data (docs/dashboard.md): hourly aggregates in a range, merged into the
 * requested granularity (`default_time`) here, so a year by day is a few thousand rows on the wire.
 */
@Injectable()
export class UsageDataService {
  constructor(
    private readonly data: QuotaDataRepository,
    private readonly users: UserService,
  ) {}

  /** The caller's own usage. */
  async forUser(userId: number, q: QuotaDataQuery): Promise<QuotaDataRow[]> {
    return mergeIntoBuckets(await this.data.ofUser(userId, q.start_timestamp, q.end_timestamp), q.default_time);
  }

  /**
   * Admins' every-user usage as the JSON of the `data` array (UTF-8), when the database builds it
   * (SQLite): the same rows forAdmin() would answer. Null for one user and on MySQL: then forAdmin() answers.
   */
  async everyoneJson(q: QuotaDataQuery): Promise<Buffer | null> {
    if (q.username) return null;
    return this.data.everyoneJson(q.start_timestamp, q.end_timestamp, q.default_time);
  }

  /** Admins: one user's usage by username (none when no live user has it), or everyone's. */
  async forAdmin(q: QuotaDataQuery): Promise<QuotaDataRow[]> {
    if (!q.username)
      return mergeIntoBuckets(await this.data.ofEveryone(q.start_timestamp, q.end_timestamp), q.default_time);
    const user = await this.users.findByUsername(q.username);
    return user ? this.forUser(user.id, q) : [];
  }
}
