import type { Charge, LedgerStore, SettlementBatch } from './ledger-types';
import { LOG_COLUMNS, logValues } from './log-columns';

/** The subset of better-sqlite3 used here (no @types package in the tree). */
export interface SqliteStatement {
  run(...params: unknown[]): { changes: number };
  get(...params: unknown[]): Record<string, unknown> | undefined;
}
export interface SqliteDatabase {
  prepare(sql: string): SqliteStatement;
  transaction<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R;
  readonly inTransaction: boolean;
}

interface PendingReservation {
  charge: Charge;
  resolve: (ok: boolean) => void;
  reject: (err: unknown) => void;
}

const WAIT_STEP_MS = 1;
const WAIT_MAX_MS = 10_000;

/**
 * SQLite ledger on the app's single better-sqlite3 connection, with prepared statements in
 * synchronous transactions: no await inside a transaction, so concurrent requests never interleave
 * and "database is locked" cannot happen in-process. When a TypeORM transaction is open on the
 * shared connection, we wait for it to end rather than nest inside it.
 *
 * Reservations are group-committed: those arriving in the same event-loop turn share one
 * transaction (one WAL commit), each still all-or-nothing on its own rows, and every promise
 * resolves only after the commit.
 */
export class SqliteLedgerStore implements LedgerStore {
  private readonly reserveBatchTx: (batch: readonly Charge[]) => boolean[];
  private pending: PendingReservation[] = [];
  private readonly chargeUpToTx: (c: Charge) => number;
  private readonly applyTx: (b: SettlementBatch) => void;

  constructor(private readonly db: SqliteDatabase) {
    const takeToken = db.prepare(
      'UPDATE tokens SET remain_quota = remain_quota - ? WHERE id = ? AND remain_quota >= ?',
    );
    const takeUser = db.prepare('UPDATE users SET quota = quota - ? WHERE id = ? AND quota >= ?');
    const tokenLeft = db.prepare('SELECT remain_quota AS v FROM tokens WHERE id = ?');
    const userLeft = db.prepare('SELECT quota AS v FROM users WHERE id = ?');
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
      `INSERT INTO logs (${LOG_COLUMNS.map((c) => `"${c}"`).join(', ')}) VALUES (${LOG_COLUMNS.map(() => '?').join(', ')})`,
    );

    const giveToken = db.prepare('UPDATE tokens SET remain_quota = remain_quota + ? WHERE id = ?');
    this.reserveBatchTx = db.transaction((batch: readonly Charge[]) =>
      batch.map((c) => {
        if (c.tokenId !== null && takeToken.run(c.amount, c.tokenId, c.amount).changes !== 1) return false;
        if (takeUser.run(c.amount, c.userId, c.amount).changes !== 1) {
          // Undo this reservation's token part; the others in the batch stand.
          if (c.tokenId !== null) giveToken.run(c.amount, c.tokenId);
          return false;
        }
        return true;
      }),
    );
    this.chargeUpToTx = db.transaction((c: Charge) => {
      const num = (row: Record<string, unknown> | undefined) => Math.max(0, Number(row?.v ?? 0));
      let take = Math.min(c.amount, num(userLeft.get(c.userId)));
      if (c.tokenId !== null) take = Math.min(take, num(tokenLeft.get(c.tokenId)));
      if (take <= 0) return 0;
      if (c.tokenId !== null) takeToken.run(take, c.tokenId, take);
      takeUser.run(take, c.userId, take);
      return take;
    });
    this.applyTx = db.transaction((b: SettlementBatch) => {
      for (const t of b.tokens) settleToken.run(t.refund, t.used, b.now, t.id);
      for (const u of b.users) settleUser.run(u.refund, u.used, u.requests, u.id);
      for (const c of b.channels) settleChannel.run(c.used, c.id);
      for (const q of b.quotaData) quotaData.run(q.userId, q.username, q.modelName, q.hour, q.tokens, q.count, q.quota);
      for (const l of b.logs) insertLog.run(...logValues(l, b.now));
    });
  }

  reserve(c: Charge, solo = false): Promise<boolean> {
    if (c.amount <= 0) return Promise.resolve(true);
    if (solo && this.pending.length === 0 && !this.db.inTransaction) {
      try {
        return Promise.resolve(this.reserveBatchTx([c])[0]);
      } catch (err) {
        return Promise.reject(err);
      }
    }
    return new Promise<boolean>((resolve, reject) => {
      this.pending.push({ charge: c, resolve, reject });
      if (this.pending.length === 1) setImmediate(() => void this.commitReservations());
    });
  }

  private async commitReservations(): Promise<void> {
    try {
      await this.outsideForeignTransaction(() => {
        const batch = this.pending;
        this.pending = [];
        try {
          const results = this.reserveBatchTx(batch.map((p) => p.charge));
          batch.forEach((p, i) => p.resolve(results[i]));
        } catch (err) {
          for (const p of batch) p.reject(err);
        }
      });
    } catch (err) {
      const batch = this.pending;
      this.pending = [];
      for (const p of batch) p.reject(err);
    }
  }

  chargeUpTo(c: Charge): Promise<number> {
    if (c.amount <= 0) return Promise.resolve(0);
    return this.outsideForeignTransaction(() => this.chargeUpToTx(c));
  }

  apply(batch: SettlementBatch): Promise<void> {
    return this.outsideForeignTransaction(() => this.applyTx(batch));
  }

  /**
   * Runs `fn` synchronously once no TypeORM transaction is open on the shared connection (at once
   * in the usual case). The last check and `fn` run in the same tick, so nothing can slip between.
   */
  private async outsideForeignTransaction<T>(fn: () => T): Promise<T> {
    for (let waited = 0; this.db.inTransaction; waited += WAIT_STEP_MS) {
      if (waited > WAIT_MAX_MS) throw Object.assign(new Error('database busy'), { code: 'SQLITE_BUSY' });
      await new Promise((r) => setTimeout(r, WAIT_STEP_MS));
    }
    return fn();
  }
}
