import { setImmediate as nextTurn } from 'node:timers/promises';
import type { SqliteWriteQueue } from '../../database/sqlite-write-queue';
import type { LogRecord } from '../log/log.service';
import { LOG_COLUMNS, logValues } from '../log/log-columns';
import type { LedgerStore, Reservation, ReserveOp, Settlement } from './ledger-types';
import { RESERVATION_COLUMNS, reservationFromRow, reservationValues } from './reservation-rows';
import { foldSettlements } from './settlement-batch';
import { nowSec } from '../../database/columns';

/**
 * Usage rows moved from the inbox to `logs` per transaction: about a millisecond at most, where 500 rows
 * in one took 4–5 ms. The slices cost about twice the work in all (each commit rewrites the same index
 * pages), ~10 µs a request; the event loop is never held longer than one slice.
 */
const DRAIN_SLICE = 32;

/** The subset of better-sqlite3 used here. */
export interface SqliteStatement {
  run(...params: unknown[]): { changes: number };
  get(...params: unknown[]): Record<string, unknown> | undefined;
  all(...params: unknown[]): Record<string, unknown>[];
}
export interface SqliteDatabase {
  prepare(sql: string): SqliteStatement;
  transaction<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R;
}

/**
 * SQLite ledger on the app's single better-sqlite3 connection: prepared statements in one
 * synchronous transaction per commit, run through the process-wide write queue so that it never
 * lands inside a TypeORM transaction (and none lands inside it). A settlement's usage row goes into
 * `log_inbox`, which has no index, so that a commit writes a few pages instead of every index of
 * `logs`; drainLogs() moves the rows to `logs` in batches (each row is durable from its commit on).
 */
export class SqliteLedgerStore implements LedgerStore {
  private readonly commitTx: (reserves: readonly ReserveOp[], settlements: readonly Settlement[]) => boolean[];
  private readonly openTx: (node: string) => Record<string, unknown>[];
  private readonly drainTx: (limit: number) => { refused: LogRecord[]; more: boolean };

  constructor(
    db: SqliteDatabase,
    private readonly queue: SqliteWriteQueue,
  ) {
    const insertReservation = db.prepare(
      `INSERT INTO reservations (${RESERVATION_COLUMNS.join(', ')}) VALUES (${RESERVATION_COLUMNS.map(() => '?').join(', ')}) ON CONFLICT (request_id) DO NOTHING`,
    );
    const dropReservation = db.prepare('DELETE FROM reservations WHERE request_id = ?');
    const takeToken = db.prepare(
      'UPDATE tokens SET remain_quota = remain_quota - ? WHERE id = ? AND remain_quota >= ? AND remain_quota > 0',
    );
    const takeUser = db.prepare('UPDATE users SET quota = quota - ? WHERE id = ? AND quota >= ? AND quota > 0');
    const giveToken = db.prepare('UPDATE tokens SET remain_quota = remain_quota + ? WHERE id = ?');
    const settleToken = db.prepare(
      'UPDATE tokens SET remain_quota = remain_quota + ?, used_quota = used_quota + ?, accessed_time = ? WHERE id = ?',
    );
    const settleUser = db.prepare(
      'UPDATE users SET quota = quota + ?, used_quota = used_quota + ?, request_count = request_count + ? WHERE id = ?',
    );
    const settleChannel = db.prepare('UPDATE channels SET used_quota = used_quota + ? WHERE id = ?');
    const quotaData = db.prepare(
      'INSERT INTO quota_data (user_id, username, model_name, created_at, token_used, count, quota) VALUES (?, ?, ?, ?, ?, ?, ?) ' +
        'ON CONFLICT (user_id, model_name, created_at) DO UPDATE SET token_used = token_used + excluded.token_used, ' +
        'count = count + excluded.count, quota = quota + excluded.quota',
    );
    const insertLog = db.prepare(
      `INSERT INTO log_inbox (${LOG_COLUMNS.map((c) => `"${c}"`).join(', ')}) VALUES (${LOG_COLUMNS.map(() => '?').join(', ')})`,
    );
    const openReservations = db.prepare('SELECT * FROM reservations WHERE node = ? ORDER BY created_at');
    const cols = LOG_COLUMNS.map((c) => `"${c}"`).join(', ');
    const sliceEnd = db.prepare('SELECT id FROM log_inbox ORDER BY id LIMIT 1 OFFSET ?');
    const moveLogs = db.prepare(`INSERT INTO logs (${cols}) SELECT ${cols} FROM log_inbox WHERE id <= ? ORDER BY id`);
    const clearInbox = db.prepare('DELETE FROM log_inbox WHERE id <= ?');
    const inbox = db.prepare('SELECT * FROM log_inbox WHERE id <= ? ORDER BY id');
    const moveOne = db.prepare(`INSERT INTO logs (${cols}) SELECT ${cols} FROM log_inbox WHERE id = ?`);
    const dropOne = db.prepare('DELETE FROM log_inbox WHERE id = ?');
    const moveAll = db.transaction((upTo: number) => {
      if (moveLogs.run(upTo).changes > 0) clearInbox.run(upTo);
    });
    const moveEach = db.transaction((upTo: number): LogRecord[] => {
      const refused: LogRecord[] = [];
      for (const row of inbox.all(upTo)) {
        try {
          moveOne.run(row.id);
        } catch {
          const { id: _id, ...fields } = row;
          refused.push({ ...(fields as unknown as LogRecord), is_stream: Number(row.is_stream) === 1 });
        }
        dropOne.run(row.id);
      }
      return refused;
    });
    // The oldest `limit` rows. One row `logs` refuses must not hold the others: then they move one by one.
    this.drainTx = (limit) => {
      const end = sliceEnd.get(limit - 1)?.id;
      const upTo = end === undefined ? Number.MAX_SAFE_INTEGER : Number(end);
      try {
        moveAll(upTo);
        return { refused: [], more: end !== undefined };
      } catch {
        return { refused: moveEach(upTo), more: end !== undefined };
      }
    };

    /** Amount 0 takes nothing but still needs a positive balance (unless free). */
    const reserveOne = ({ reservation: r, requirePositive }: ReserveOp): boolean => {
      if (insertReservation.run(...reservationValues(r)).changes === 0) return true; // already held
      if (r.amount <= 0 && !requirePositive) return true;
      if (r.tokenDrawn && takeToken.run(r.amount, r.tokenId, r.amount).changes !== 1) {
        dropReservation.run(r.requestId);
        return false;
      }
      if (takeUser.run(r.amount, r.userId, r.amount).changes !== 1) {
        if (r.tokenDrawn) giveToken.run(r.amount, r.tokenId);
        dropReservation.run(r.requestId);
        return false;
      }
      return true;
    };

    this.commitTx = db.transaction((reserves: readonly ReserveOp[], settlements: readonly Settlement[]) => {
      const results = reserves.map(reserveOne);
      const live = settlements.filter((s) => dropReservation.run(s.requestId).changes === 1);
      const b = foldSettlements(live, nowSec());
      for (const t of b.tokens) settleToken.run(t.refund, t.used, b.now, t.id);
      for (const u of b.users) settleUser.run(u.refund, u.used, u.requests, u.id);
      for (const c of b.channels) settleChannel.run(c.used, c.id);
      for (const q of b.quotaData) quotaData.run(q.userId, q.username, q.modelName, q.hour, q.tokens, q.count, q.quota);
      for (const l of b.logs) insertLog.run(...logValues(l, b.now));
      return results;
    });
    this.openTx = (node) => openReservations.all(node);
  }

  commit(reserves: readonly ReserveOp[], settlements: readonly Settlement[]): Promise<boolean[]> {
    return this.queue.runSync(() => this.commitTx(reserves, settlements));
  }

  /**
   * Moves the inbox to `logs` in slices of DRAIN_SLICE rows, one transaction each, letting requests run
   * in between: each row lands in the nine indexes of `logs`, and a whole interval's rows in one go (500
   * at a thousand requests a second) held the event loop for milliseconds (docs/benchmarks.md).
   */
  async drainLogs(): Promise<LogRecord[]> {
    const refused: LogRecord[] = [];
    for (;;) {
      const slice = await this.queue.runSync(() => this.drainTx(DRAIN_SLICE));
      refused.push(...slice.refused);
      if (!slice.more) return refused;
      await nextTurn();
    }
  }

  async openReservations(node: string): Promise<Reservation[]> {
    return (await this.queue.runSync(() => this.openTx(node))).map(reservationFromRow);
  }
}
