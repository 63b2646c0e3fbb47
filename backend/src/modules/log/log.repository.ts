import { setImmediate as nextTurn } from 'node:timers/promises';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, LessThan, type EntityManager, type Repository, type SelectQueryBuilder } from 'typeorm';
import { LogDeadLetterEntity, LogEntity } from '../../database/entities';
import { SqliteReader } from '../../database/sqlite-reader';
import type { DeadLetter, LogRecord } from './log-queue';

/** Rows per delete statement on MySQL (the log database's too): no long lock on the table. */
export const MYSQL_DELETE_SLICE = 5000;
/** Rows per delete statement on SQLite: about a millisecond of the event loop (see deleteSlice). */
const SQLITE_DELETE_SLICE = 32;

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
 * are ordered by (created_at, id) descending, which those indexes serve without sorting. The console's
 * reads (a page with its count, totals) run on SqliteReader: over millions of rows they take tens to
 * hundreds of milliseconds, which on the app's synchronous SQLite connection every relay request would
 * wait out (docs/logs.md, "Reading and deleting").
 */
@Injectable()
export class LogRepository {
  constructor(
    @InjectRepository(LogEntity) private readonly logs: Repository<LogEntity>,
    private readonly reader: SqliteReader,
  ) {}

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
    const page = qb.clone().orderBy('l.created_at', 'DESC').addOrderBy('l.id', 'DESC').offset(offset).limit(limit);
    return Promise.all([this.reader.entities(page), this.reader.count(qb)]);
  }

  /** Sum of quota, row count and tokens (prompt + completion) of the matching rows. */
  async totals(where: LogConditions): Promise<{ quota: number; rows: number; tokens: number }> {
    const qb = this.matching(where)
      .select('COALESCE(SUM(l.quota), 0)', 'quota')
      .addSelect('COUNT(*)', 'rows')
      .addSelect('COALESCE(SUM(l.prompt_tokens + l.completion_tokens), 0)', 'tokens');
    type Sums = { quota: string | number; rows: string | number; tokens: string | number };
    const row = await this.reader.get<Sums>(...qb.getQueryAndParameters());
    return { quota: Number(row?.quota ?? 0), rows: Number(row?.rows ?? 0), tokens: Number(row?.tokens ?? 0) };
  }

  /**
   * Rows to delete per deleteOlderThan() call. On SQLite a deleted row costs ~40 µs of the event loop (its
   * entries in ten indexes), so 5,000 at a time held every request for ~0.2 s: slices of 32 stay near a
   * millisecond. MySQL deletes without holding the event loop.
   */
  get deleteSlice(): number {
    return this.logs.manager.connection.options.type === 'mysql' ? MYSQL_DELETE_SLICE : SQLITE_DELETE_SLICE;
  }

  /** Deletes up to `limit` rows older than `before`; returns how many went. */
  async deleteOlderThan(before: number, limit: number): Promise<number> {
    const batch = await this.logs.find({ select: { id: true }, where: { created_at: LessThan(before) }, take: limit });
    if (batch.length > 0) await this.logs.delete(batch.map((r) => r.id));
    return batch.length;
  }

  /** Sort keys of every matching row, newest first (the outbox side of a merged read: few rows). */
  async keys(where: LogConditions): Promise<LogKey[]> {
    const rows = await this.matching(where)
      .select('l.id', 'id')
      .addSelect('l.created_at', 'created_at')
      .getRawMany<{ id: number | string; created_at: number | string }>();
    return rows.map((r) => ({ id: Number(r.id), created_at: Number(r.created_at) }));
  }

  /** Quota and tokens of every matching row, with its id (the outbox side of merged totals). */
  async usage(where: LogConditions): Promise<LogUsage[]> {
    const rows = await this.matching(where)
      .select('l.id', 'id')
      .addSelect('l.quota', 'quota')
      .addSelect('l.prompt_tokens + l.completion_tokens', 'tokens')
      .getRawMany<{ id: number | string; quota: number | string; tokens: number | string }>();
    return rows.map((r) => ({ id: Number(r.id), quota: Number(r.quota), tokens: Number(r.tokens) }));
  }

  async byIds(ids: readonly number[]): Promise<LogEntity[]> {
    return ids.length === 0 ? [] : this.logs.find({ where: { id: In([...ids]) } });
  }

  /**
   * Up to `limit` rows after `afterId` in id order, never the newest row of the table: keeping it
   * keeps the id counter above every shipped id even on a server that recomputes AUTO_INCREMENT from
   * the rows at restart (docs/logs.md, "A separate log database").
   */
  async shippable(afterId: number, limit: number): Promise<LogEntity[]> {
    const newest = await this.logs.find({ select: { id: true }, order: { id: 'DESC' }, take: 1 });
    if (newest.length === 0) return [];
    const next = this.logs.createQueryBuilder('l').where('l.id > :afterId', { afterId });
    const rows = await this.reader.entities(next.orderBy('l.id', 'ASC').limit(limit));
    return rows.filter((r) => r.id < newest[0].id);
  }

  /** Deletes these rows, deleteSlice at a time with a turn of the event loop between (see deleteSlice). */
  async deleteIds(ids: readonly number[]): Promise<void> {
    const slice = this.deleteSlice;
    for (let i = 0; i < ids.length; i += slice) {
      if (i > 0) await nextTurn();
      await this.logs.delete(ids.slice(i, i + slice));
    }
  }

  private matching(w: LogConditions): SelectQueryBuilder<LogEntity> {
    return applyConditions(this.logs.createQueryBuilder('l'), w);
  }
}

/** A row's place in a page: pages are ordered by (created_at, id) descending. */
export interface LogKey {
  id: number;
  created_at: number;
}

export interface LogUsage {
  id: number;
  quota: number;
  tokens: number;
}

/**
 * `w` as conditions on the query's alias `l` (both databases' `logs` share the columns). With a filter that
 * names one user, token or channel, `type` is written `+ l.type`: the unary plus (a no-op on the value) keeps
 * SQLite from searching the (type, created_at) index, which it may pick for lack of statistics. One type can
 * hold nearly every row, and one user's sums would read them all (docs/logs.md, "Reading and deleting").
 */
export function applyConditions<T extends object>(qb: SelectQueryBuilder<T>, w: LogConditions): SelectQueryBuilder<T> {
  const onePerson = w.userId !== undefined || Boolean(w.username || w.tokenName || w.channelId);
  if (w.userId !== undefined) qb.andWhere('l.user_id = :uid', { uid: w.userId });
  if (w.type) qb.andWhere(onePerson ? '+ l.type = :type' : 'l.type = :type', { type: w.type });
  if (w.modelName) qb.andWhere('l.model_name = :model', { model: w.modelName });
  if (w.tokenName) qb.andWhere('l.token_name = :token', { token: w.tokenName });
  if (w.group) qb.andWhere('l.group = :group', { group: w.group });
  if (w.since) qb.andWhere('l.created_at >= :start', { start: w.since });
  if (w.until) qb.andWhere('l.created_at <= :end', { end: w.until });
  if (w.username) qb.andWhere('l.username = :username', { username: w.username });
  if (w.channelId) qb.andWhere('l.channel_id = :channel', { channel: w.channelId });
  return qb;
}
