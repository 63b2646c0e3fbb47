import type { DataSource, QueryRunner } from 'typeorm';
import { nowSec } from '../../database/columns';
import { LOG_COLUMNS, logValues } from '../log/log-columns';
import type { LedgerStore, Reservation, ReserveOp, Settlement } from './ledger-types';
import { RESERVATION_COLUMNS, reservationFromRow, reservationValues } from './reservation-rows';
import { foldSettlements } from './settlement-batch';

const LOG_CHUNK = 200;
const RETRIES = 4;
const RETRYABLE = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT']);

interface Affected {
  affected?: number;
}

/**
 * MySQL/MariaDB ledger: raw statements on a pooled connection, one READ COMMITTED transaction per
 * commit (no gap locks, so concurrent nodes do not block each other's inserts). Settlement rows
 * are locked in ascending id order; a deadlock with another node is retried, which is safe because
 * a commit is idempotent (see LedgerStore.commit).
 */
export class MysqlLedgerStore implements LedgerStore {
  constructor(private readonly ds: DataSource) {}

  commit(reserves: readonly ReserveOp[], settlements: readonly Settlement[]): Promise<boolean[]> {
    return this.tx(async (q) => {
      const results: boolean[] = [];
      for (const op of reserves) results.push(await this.reserveOne(q, op));
      if (settlements.length > 0) await this.settle(q, settlements);
      return results;
    });
  }

  async openReservations(node: string): Promise<Reservation[]> {
    const rows = (await this.ds.query('SELECT * FROM reservations WHERE node = ? ORDER BY created_at', [
      node,
    ])) as Record<string, unknown>[];
    return rows.map(reservationFromRow);
  }

  private async reserveOne(q: QueryRunner, { reservation: r, requirePositive }: ReserveOp): Promise<boolean> {
    const cols = RESERVATION_COLUMNS.join(', ');
    const inserted = (await q.query(
      `INSERT IGNORE INTO reservations (${cols}) VALUES (${RESERVATION_COLUMNS.map(() => '?').join(', ')})`,
      reservationValues(r),
      true,
    )) as Affected;
    if (inserted.affected !== 1) return true; // already held (a repeated commit)
    if (r.amount <= 0 && !requirePositive) return true;
    const take = async (sql: string, id: number) =>
      ((await q.query(sql, [r.amount, id, r.amount], true)) as Affected).affected === 1;
    const drop = () => q.query('DELETE FROM reservations WHERE request_id = ?', [r.requestId]);
    if (
      r.tokenDrawn &&
      !(await take(
        'UPDATE tokens SET remain_quota = remain_quota - ? WHERE id = ? AND remain_quota >= ? AND remain_quota > 0',
        r.tokenId,
      ))
    ) {
      await drop();
      return false;
    }
    if (!(await take('UPDATE users SET quota = quota - ? WHERE id = ? AND quota >= ? AND quota > 0', r.userId))) {
      if (r.tokenDrawn)
        await q.query('UPDATE tokens SET remain_quota = remain_quota + ? WHERE id = ?', [r.amount, r.tokenId]);
      await drop();
      return false;
    }
    return true;
  }

  private async settle(q: QueryRunner, settlements: readonly Settlement[]): Promise<void> {
    // The open reservations among these (locked), then closed: the rest were settled before.
    const ids = settlements.map((s) => s.requestId);
    const marks = ids.map(() => '?').join(', ');
    const open = new Set(
      (
        (await q.query(`SELECT request_id FROM reservations WHERE request_id IN (${marks}) FOR UPDATE`, ids)) as {
          request_id: string;
        }[]
      ).map((r) => r.request_id),
    );
    if (open.size > 0) await q.query(`DELETE FROM reservations WHERE request_id IN (${marks})`, ids);
    const live = settlements.filter((s) => open.has(s.requestId));
    const b = foldSettlements(live, nowSec());
    const byId = <T extends { id: number }>(rows: T[]) => [...rows].sort((x, y) => x.id - y.id);
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
  }

  private async tx<T>(fn: (q: QueryRunner) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const q = this.ds.createQueryRunner();
      try {
        await q.connect();
        await q.startTransaction('READ COMMITTED');
        const result = await fn(q);
        await q.commitTransaction();
        return result;
      } catch (err) {
        if (q.isTransactionActive) await q.rollbackTransaction().catch(() => undefined);
        const code =
          (err as { driverError?: { code?: string }; code?: string }).driverError?.code ??
          (err as { code?: string }).code;
        if (attempt < RETRIES && code && RETRYABLE.has(code)) {
          await new Promise((r) => setTimeout(r, 5 * attempt * Math.random()));
          continue;
        }
        throw err;
      } finally {
        await q.release();
      }
    }
  }
}
