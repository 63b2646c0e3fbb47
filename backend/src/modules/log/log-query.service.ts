import { setImmediate as nextTurn } from 'node:timers/promises';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { LogType, type Paged } from '@gw/shared';
import { paged } from '../../common/http/paging';
import { nowSec } from '../../database/columns';
import type { LogFilter, LogListQuery } from './log-query.dto';
import type { LogArchive } from './log-archive';
import { LOG_ARCHIVE } from './log-shipping.service';
import { LogRepository, type LogConditions } from './log.repository';
import { MergedLogReader } from './merged-log-reader';
import { toLogView, type LogView } from './log-view';

/** Scope of a query: every user's rows (admin) or one user's. */
export type LogScope = { admin: true } | { admin: false; userId: number };

export interface LogStat {
  quota: number;
  rpm: number;
  tpm: number;
}

/**
 * Reads the usage log (docs/logs.md): admin over everyone's rows, a user over their own. With a log
 * database (LOG_SQL_DSN) the rows not yet moved there are read with it, as one set.
 */
@Injectable()
export class LogQueryService {
  private readonly reader: Pick<LogRepository, 'page' | 'totals'>;

  constructor(
    private readonly repo: LogRepository,
    @Optional() @Inject(LOG_ARCHIVE) private readonly archive?: LogArchive | null,
  ) {
    this.reader = archive ? new MergedLogReader(repo, archive) : repo;
  }

  async list(scope: LogScope, q: LogListQuery): Promise<Paged<LogView>> {
    const [rows, total] = await this.reader.page(conditionsOf(scope, q), q.p * q.page_size, q.page_size);
    return paged(
      rows.map((r) => toLogView(r, scope.admin)),
      total,
      { page: q.p, pageSize: q.page_size },
    );
  }

  /** Sum of quota under the filter; rpm/tpm over the last 60 seconds under the same filter. */
  /** Consumption under the filter (type-2 rows whatever `type` asks, as new-api does): credits are not usage. */
  async stat(scope: LogScope, filter: LogFilter): Promise<LogStat> {
    const f = { ...filter, type: LogType.Consume };
    const all = await this.reader.totals(conditionsOf(scope, f));
    const recent = await this.reader.totals(
      conditionsOf(scope, { ...f, start_timestamp: nowSec() - 60, end_timestamp: undefined }),
    );
    return { quota: all.quota, rpm: recent.rows, tpm: recent.tokens };
  }

  /**
   * Deletes rows older than `before`, in both databases; returns the count. In slices (deleteSlice), with a
   * turn of the event loop after each: better-sqlite3 answers synchronously, so without one a month of
   * rows held every request for seconds (docs/logs.md, "Reading and deleting").
   */
  async deleteBefore(before: number): Promise<number> {
    let total = 0;
    const stores = [this.repo, ...(this.archive ? [this.archive] : [])];
    for (const store of stores) {
      for (;;) {
        const removed = await store.deleteOlderThan(before, store.deleteSlice);
        if (removed === 0) break;
        total += removed;
        await nextTurn();
      }
    }
    return total;
  }
}

/** The filter as conditions: a user's own query ignores username and channel. */
function conditionsOf(scope: LogScope, f: Partial<LogFilter>): LogConditions {
  return {
    userId: scope.admin ? undefined : scope.userId,
    type: f.type,
    modelName: f.model_name,
    tokenName: f.token_name,
    group: f.group,
    since: f.start_timestamp,
    until: f.end_timestamp,
    username: scope.admin ? f.username : undefined,
    channelId: scope.admin ? f.channel : undefined,
  };
}
