import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, type EntityManager, type Repository, type SelectQueryBuilder } from 'typeorm';
import { LogDeadLetterEntity, LogEntity } from '../../database/entities';
import type { DeadLetter, LogRecord } from './log-queue';

/** Conditions on log rows; absent (or empty) fields do not filter. */
export interface LogConditions {
  userId?: number;
  type?: number;
  modelName?: string;
  tokenName?: string;
  group?: string;
  username?: string;
  channelId?: number;
  /** created_at ≥ since. */
  since?: number;
  /** created_at ≤ until. */
  until?: number;
}

/**
 * The `logs` and `log_dead_letters` tables: plain data access (the rules live in LogService and
 * LogQueryService). The ledger writes usage rows with its own statements, through the one row
 * description in log-columns.ts. Every condition maps onto a (column, created_at) index and pages
 * are ordered by (created_at, id) descending, which those indexes serve without sorting.
 */
@Injectable()
export class LogRepository {
  constructor(@InjectRepository(LogEntity) private readonly logs: Repository<LogEntity>) {}

  async insert(rows: LogRecord[]): Promise<void> {
    await this.logs.insert(rows);
  }

  /** One row inside the caller's transaction (it commits with the balance change it books). */
  async insertWithin(tx: EntityManager, row: LogRecord): Promise<void> {
    await tx.getRepository(LogEntity).insert(row);
  }

  async insertDeadLetter(letter: DeadLetter): Promise<void> {
    await this.logs.manager.getRepository(LogDeadLetterEntity).insert(letter);
  }

  /** One page, newest first, with the count of all matching rows. */
  async page(where: LogConditions, offset: number, limit: number): Promise<[LogEntity[], number]> {
    const qb = this.matching(where);
    const total = await qb.clone().getCount();
    const rows = await qb.orderBy('l.created_at', 'DESC').addOrderBy('l.id', 'DESC').offset(offset).limit(limit).getMany();
    return [rows, total];
  }

  /** Sum of quota, row count and tokens (prompt + completion) of the matching rows. */
  async totals(where: LogConditions): Promise<{ quota: number; rows: number; tokens: number }> {
    const row = await this.matching(where)
      .select('COALESCE(SUM(l.quota), 0)', 'quota')
      .addSelect('COUNT(*)', 'rows')
      .addSelect('COALESCE(SUM(l.prompt_tokens + l.completion_tokens), 0)', 'tokens')
      .getRawOne<{ quota: string | number; rows: string | number; tokens: string | number }>();
    return { quota: Number(row?.quota ?? 0), rows: Number(row?.rows ?? 0), tokens: Number(row?.tokens ?? 0) };
  }

  /** Deletes up to `limit` rows older than `before`; returns how many went. */
  async deleteOlderThan(before: number, limit: number): Promise<number> {
    const batch = await this.logs.find({ select: { id: true }, where: { created_at: LessThan(before) }, take: limit });
    if (batch.length > 0) await this.logs.delete(batch.map((r) => r.id));
    return batch.length;
  }

  private matching(w: LogConditions): SelectQueryBuilder<LogEntity> {
    const qb = this.logs.createQueryBuilder('l');
    if (w.userId !== undefined) qb.andWhere('l.user_id = :uid', { uid: w.userId });
    if (w.type) qb.andWhere('l.type = :type', { type: w.type });
    if (w.modelName) qb.andWhere('l.model_name = :model', { model: w.modelName });
    if (w.tokenName) qb.andWhere('l.token_name = :token', { token: w.tokenName });
    if (w.group) qb.andWhere('l.group = :group', { group: w.group });
    if (w.since) qb.andWhere('l.created_at >= :start', { start: w.since });
    if (w.until) qb.andWhere('l.created_at <= :end', { end: w.until });
    if (w.username) qb.andWhere('l.username = :username', { username: w.username });
    if (w.channelId) qb.andWhere('l.channel_id = :channel', { channel: w.channelId });
    return qb;
  }
}
