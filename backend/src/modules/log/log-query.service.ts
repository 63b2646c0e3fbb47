import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LogType, type Paged } from '@gw/shared';
import { LessThan, type Repository, type SelectQueryBuilder } from 'typeorm';
import { paged } from '../../common/http/paging';
import { nowSec } from '../../database/columns';
import { LogEntity } from '../../database/entities';
import type { LogFilter, LogListQuery } from './log-query.dto';
import { toLogView, type LogView } from './log-view';

/** Scope of a query: every user's rows (admin) or one user's. */
export type LogScope = { admin: true } | { admin: false; userId: number };

export interface LogStat {
  quota: number;
  rpm: number;
  tpm: number;
}

const DELETE_BATCH = 5000;

/**
 * Reads the usage log. Every filter maps onto a (column, created_at) index and rows are ordered by
 * (created_at, id) descending, which those indexes serve without sorting, so a page stays fast at
 * millions of rows.
 */
@Injectable()
export class LogQueryService {
  constructor(@InjectRepository(LogEntity) private readonly repo: Repository<LogEntity>) {}

  async list(scope: LogScope, q: LogListQuery): Promise<Paged<LogView>> {
    const qb = this.filtered(scope, q);
    const total = await qb.clone().getCount();
    const rows = await qb
      .orderBy('l.created_at', 'DESC')
      .addOrderBy('l.id', 'DESC')
      .offset(q.p * q.page_size)
      .limit(q.page_size)
      .getMany();
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
    const sum = await this.filtered(scope, f).select('COALESCE(SUM(l.quota), 0)', 'quota').getRawOne<{ quota: string | number }>();
    const since = nowSec() - 60;
    const recent = await this.filtered(scope, { ...f, start_timestamp: since, end_timestamp: undefined })
      .select('COUNT(*)', 'rpm')
      .addSelect('COALESCE(SUM(l.prompt_tokens + l.completion_tokens), 0)', 'tpm')
      .getRawOne<{ rpm: string | number; tpm: string | number }>();
    return { quota: Number(sum?.quota ?? 0), rpm: Number(recent?.rpm ?? 0), tpm: Number(recent?.tpm ?? 0) };
  }

  /** Deletes rows older than `before` in batches (no long lock on SQLite); returns the count. */
  async deleteBefore(before: number): Promise<number> {
    let total = 0;
    for (;;) {
      const batch = await this.repo.find({ select: { id: true }, where: { created_at: LessThan(before) }, take: DELETE_BATCH });
      if (batch.length === 0) return total;
      await this.repo.delete(batch.map((r) => r.id));
      total += batch.length;
    }
  }

  private filtered(scope: LogScope, f: Partial<LogFilter>): SelectQueryBuilder<LogEntity> {
    const qb = this.repo.createQueryBuilder('l');
    if (!scope.admin) qb.andWhere('l.user_id = :uid', { uid: scope.userId });
    if (f.type) qb.andWhere('l.type = :type', { type: f.type });
    if (f.model_name) qb.andWhere('l.model_name = :model', { model: f.model_name });
    if (f.token_name) qb.andWhere('l.token_name = :token', { token: f.token_name });
    if (f.group) qb.andWhere('l.group = :group', { group: f.group });
    if (f.start_timestamp) qb.andWhere('l.created_at >= :start', { start: f.start_timestamp });
    if (f.end_timestamp) qb.andWhere('l.created_at <= :end', { end: f.end_timestamp });
    if (scope.admin) {
      if (f.username) qb.andWhere('l.username = :username', { username: f.username });
      if (f.channel) qb.andWhere('l.channel_id = :channel', { channel: f.channel });
    }
    return qb;
  }
}
