import type { DataSource, QueryRunner } from 'typeorm';
import type { Charge, LedgerStore, SettlementBatch } from './ledger-types';
import { LOG_COLUMNS, logValues } from './log-columns';

const LOG_CHUNK = 200;

class Insufficient extends Error {}
const DEADLOCK_RETRIES = 3;

/**
 * MySQL/MariaDB ledger: raw statements on a pooled connection, one transaction per call. Rows are
 * always locked in the same order (tokens, then users, then channels; ascending ids) so concurrent
 * reservations and settlements cannot deadlock each other; a deadlock from elsewhere is retried.
 */
export class MysqlLedgerStore implements LedgerStore {
  constructor(private readonly ds: DataSource) {}

  /** Both conditional updates or neither: a failed one throws inside the transaction, which rolls back. */
  async reserve(c: Charge): Promise<boolean> {
    if (c.amount <= 0) return true;
    try {
      await this.tx(async (q) => {
        if (c.tokenId !== null) {
          const t = await q.query(
            'UPDATE tokens SET remain_quota = remain_quota - ? WHERE id = ? AND remain_quota >= ?',
            [c.amount, c.tokenId, c.amount],
            true,
          );
          if (t.affected !== 1) throw new Insufficient();
        }
        const u = await q.query(
          'UPDATE users SET quota = quota - ? WHERE id = ? AND quota >= ?',
          [c.amount, c.userId, c.amount],
          true,
        );
        if (u.affected !== 1) throw new Insufficient();
      });
      return true;
    } catch (err) {
      if (err instanceof Insufficient) return false;
      throw err;
    }
  }

  chargeUpTo(c: Charge): Promise<number> {
    if (c.amount <= 0) return Promise.resolve(0);
    return this.tx(async (q) => {
      let take = c.amount;
      if (c.tokenId !== null) {
        const rows = (await q.query('SELECT remain_quota AS v FROM tokens WHERE id = ? FOR UPDATE', [c.tokenId])) as {
          v: string;
        }[];
        take = Math.min(take, Math.max(0, Number(rows[0]?.v ?? 0)));
      }
      const rows = (await q.query('SELECT quota AS v FROM users WHERE id = ? FOR UPDATE', [c.userId])) as {
        v: string;
      }[];
      take = Math.min(take, Math.max(0, Number(rows[0]?.v ?? 0)));
      if (take <= 0) return 0;
      if (c.tokenId !== null)
        await q.query('UPDATE tokens SET remain_quota = remain_quota - ? WHERE id = ?', [take, c.tokenId]);
      await q.query('UPDATE users SET quota = quota - ? WHERE id = ?', [take, c.userId]);
      return take;
    });
  }

  apply(b: SettlementBatch): Promise<void> {
    const byId = <T extends { id: number }>(rows: T[]) => [...rows].sort((x, y) => x.id - y.id);
    return this.tx(async (q) => {
      for (const t of byId(b.tokens)) {
        await q.query(
          'UPDATE tokens SET remain_quota = remain_quota + ?, used_quota = used_quota + ?, accessed_time = ? WHERE id = ?',
          [t.refund, t.used, b.now, t.id],
        );
      }
      for (const u of byId(b.users)) {
        await q.query(
          'UPDATE users SET quota = quota + ?, used_quota = used_quota + ?, request_count = request_count + ? WHERE id = ?',
          [u.refund, u.used, u.requests, u.id],
        );
      }
      for (const c of byId(b.channels))
        await q.query('UPDATE channels SET used_quota = used_quota + ? WHERE id = ?', [c.used, c.id]);
      if (b.quotaData.length > 0) {
        await q.query(
          `INSERT INTO quota_data (user_id, username, model_name, created_at, token_used, count, quota) VALUES ${b.quotaData.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ')} ` +
            'ON DUPLICATE KEY UPDATE token_used = token_used + VALUES(token_used), count = count + VALUES(count), quota = quota + VALUES(quota)',
          b.quotaData.flatMap((d) => [d.userId, d.username, d.modelName, d.hour, d.tokens, d.count, d.quota]),
        );
      }
      const cols = LOG_COLUMNS.map((c) => `\`${c}\``).join(', ');
      const row = `(${LOG_COLUMNS.map(() => '?').join(', ')})`;
      for (let i = 0; i < b.logs.length; i += LOG_CHUNK) {
        const chunk = b.logs.slice(i, i + LOG_CHUNK);
        await q.query(
          `INSERT INTO logs (${cols}) VALUES ${chunk.map(() => row).join(', ')}`,
          chunk.flatMap((l) => logValues(l, b.now)),
        );
      }
    });
  }

  private async tx<T>(fn: (q: QueryRunner) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const q = this.ds.createQueryRunner();
      try {
        await q.connect();
        await q.startTransaction();
        const result = await fn(q);
        await q.commitTransaction();
        return result;
      } catch (err) {
        if (q.isTransactionActive) await q.rollbackTransaction().catch(() => undefined);
        const code =
          (err as { driverError?: { code?: string }; code?: string }).driverError?.code ??
          (err as { code?: string }).code;
        if (attempt < DEADLOCK_RETRIES && (code === 'ER_LOCK_DEADLOCK' || code === 'ER_LOCK_WAIT_TIMEOUT')) continue;
        throw err;
      } finally {
        await q.release();
      }
    }
  }
}
