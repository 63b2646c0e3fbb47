import { In, LessThan, type DataSource, type SelectQueryBuilder } from 'typeorm';
import { LogEntity } from '../../database/entities';
import type { LogDatabase } from '../../database/log-database';
import { LOG_COLUMNS, logValues } from './log-columns';
import { applyConditions, MYSQL_DELETE_SLICE, type LogConditions, type LogKey } from './log.repository';

/** What identifies a row's content when the shipper checks that the log database holds the same row. */
export type LogFingerprint = Pick<
  LogEntity,
  'id' | 'user_id' | 'type' | 'quota' | 'created_at' | 'token_id' | 'request_id'
>;

/** Same row (same id and the same booked facts) in both databases. */
export function sameRow(a: LogFingerprint, b: LogFingerprint): boolean {
  return (
    Number(a.id) === Number(b.id) &&
    Number(a.user_id) === Number(b.user_id) &&
    Number(a.type) === Number(b.type) &&
    Number(a.quota) === Number(b.quota) &&
    Number(a.created_at) === Number(b.created_at) &&
    Number(a.token_id) === Number(b.token_id) &&
    String(a.request_id ?? '') === String(b.request_id ?? '')
  );
}

const CHUNK = 500;

/**
 * The log database's `logs` (LOG_SQL_DSN): plain data access for the shipper and the merged reads.
 * Rows arrive with their main-database id; `exclude` leaves out ids that a reader counts from the
 * main database's outbox instead, so a row caught in both during its move is counted once.
 */
export class LogArchive {
  constructor(private readonly db: LogDatabase) {}

  /** Inserts rows under their own ids; a row already there (a repeated move) is left as it is. */
  async insertMissing(rows: readonly LogEntity[]): Promise<void> {
    if (rows.length === 0) return;
    const cols = ['id', ...LOG_COLUMNS].map((c) => `\`${c}\``).join(', ');
    const marks = `(${['id', ...LOG_COLUMNS].map(() => '?').join(', ')})`;
    await this.db.use(async (ds) => {
      for (let i = 0; i < rows.length; i += CHUNK) {
        const chunk = rows.slice(i, i + CHUNK);
        await ds.query(
          `INSERT INTO logs (${cols}) VALUES ${chunk.map(() => marks).join(', ')} ON DUPLICATE KEY UPDATE id = id`,
          chunk.flatMap((r) => [r.id, ...logValues(r, r.created_at)]),
        );
      }
    });
  }

  async fingerprints(ids: readonly number[]): Promise<LogFingerprint[]> {
    if (ids.length === 0) return [];
    return this.db.use((ds) =>
      ds.getRepository(LogEntity).find({
        select: {
          id: true,
          user_id: true,
          type: true,
          quota: true,
          created_at: true,
          token_id: true,
          request_id: true,
        },
        where: { id: In([...ids]) },
      }),
    );
  }

  async count(where: LogConditions, exclude: readonly number[]): Promise<number> {
    return this.db.use((ds) => this.matching(ds, where, exclude).getCount());
  }

  /** Sort keys of matching rows, newest first, from `offset`. */
  async keys(where: LogConditions, exclude: readonly number[], offset: number, limit: number): Promise<LogKey[]> {
    if (limit <= 0) return [];
    const rows = await this.db.use((ds) =>
      this.matching(ds, where, exclude)
        .select('l.id', 'id')
        .addSelect('l.created_at', 'created_at')
        .orderBy('l.created_at', 'DESC')
        .addOrderBy('l.id', 'DESC')
        .offset(offset)
        .limit(limit)
        .getRawMany<{ id: number | string; created_at: number | string }>(),
    );
    return rows.map((r) => ({ id: Number(r.id), created_at: Number(r.created_at) }));
  }

  async byIds(ids: readonly number[]): Promise<LogEntity[]> {
    if (ids.length === 0) return [];
    return this.db.use((ds) => ds.getRepository(LogEntity).find({ where: { id: In([...ids]) } }));
  }

  async totals(
    where: LogConditions,
    exclude: readonly number[],
  ): Promise<{ quota: number; rows: number; tokens: number }> {
    const row = await this.db.use((ds) =>
      this.matching(ds, where, exclude)
        .select('COALESCE(SUM(l.quota), 0)', 'quota')
        .addSelect('COUNT(*)', 'rows')
        .addSelect('COALESCE(SUM(l.prompt_tokens + l.completion_tokens), 0)', 'tokens')
        .getRawOne<{ quota: string | number; rows: string | number; tokens: string | number }>(),
    );
    return { quota: Number(row?.quota ?? 0), rows: Number(row?.rows ?? 0), tokens: Number(row?.tokens ?? 0) };
  }

  readonly deleteSlice = MYSQL_DELETE_SLICE;

  /** Deletes up to `limit` rows older than `before`; returns how many went. */
  async deleteOlderThan(before: number, limit: number): Promise<number> {
    return this.db.use(async (ds) => {
      const repo = ds.getRepository(LogEntity);
      const batch = await repo.find({ select: { id: true }, where: { created_at: LessThan(before) }, take: limit });
      if (batch.length > 0) await repo.delete(batch.map((r) => r.id));
      return batch.length;
    });
  }

  up(): Promise<boolean> {
    return this.db.up();
  }

  private matching(ds: DataSource, where: LogConditions, exclude: readonly number[]): SelectQueryBuilder<LogEntity> {
    const qb = applyConditions(ds.getRepository(LogEntity).createQueryBuilder('l'), where);
    if (exclude.length > 0) qb.andWhere('l.id NOT IN (:...exclude)', { exclude });
    return qb;
  }
}
