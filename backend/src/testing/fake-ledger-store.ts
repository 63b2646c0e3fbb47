import { foldSettlements } from '../modules/billing/settlement-batch';
import type { LedgerStore, Reservation, ReserveOp, Settlement } from '../modules/billing/ledger-types';
import type { LogRecord } from '../modules/log/log.service';
import { strictFake } from './strict-fake';

interface Balances {
  users: Map<number, { quota: number; used_quota: number; request_count: number }>;
  tokens: Map<number, { remain_quota: number; used_quota: number; accessed_time: number }>;
  channels: Map<number, { used_quota: number }>;
  reservations: Map<string, Reservation>;
  logs: LogRecord[];
  /** quota_data by "user|model|hour". */
  quotaData: Map<string, { count: number; quota: number; tokens: number }>;
}

/**
 * The ledger's tables in memory, with the statements of the real stores (sqlite-ledger-store.ts,
 * mysql-ledger-store.ts) emulated: a reservation row is inserted or ignored by request id; the
 * token, then the user, are taken only while `balance >= amount AND balance > 0`; a settlement
 * applies only if it deletes its reservation; every commit is one transaction (all of it or, when it
 * throws, nothing). Logs go straight to `logs` (no inbox, as on MySQL). Use `FakeLedgerStore.create()`.
 */
export class FakeLedgerStore implements LedgerStore {
  state: Balances = {
    users: new Map(),
    tokens: new Map(),
    channels: new Map(),
    reservations: new Map(),
    logs: [],
    quotaData: new Map(),
  };
  /** Number of commit calls that reached the database (failed ones included). */
  commits = 0;
  /** Errors thrown by the next commits, one per call (e.g. a database that is down). */
  readonly failures: unknown[] = [];
  /** A log row the database refuses (as a column too long would): the whole commit fails. */
  refuseLog?: (row: LogRecord) => boolean;
  /** The clock of settlements (accessed_time). */
  now = 1_700_000_000;

  static create(): FakeLedgerStore {
    return strictFake('LedgerStore', new FakeLedgerStore(), ['drainLogs']);
  }

  seedUser(id: number, quota: number): void {
    this.state.users.set(id, { quota, used_quota: 0, request_count: 0 });
  }

  seedToken(id: number, remainQuota: number): void {
    this.state.tokens.set(id, { remain_quota: remainQuota, used_quota: 0, accessed_time: 0 });
  }

  seedChannel(id: number): void {
    this.state.channels.set(id, { used_quota: 0 });
  }

  user(id: number) {
    return this.state.users.get(id);
  }

  token(id: number) {
    return this.state.tokens.get(id);
  }

  async commit(reserves: readonly ReserveOp[], settlements: readonly Settlement[]): Promise<boolean[]> {
    this.commits++;
    if (this.failures.length > 0) throw this.failures.shift();
    const before = cloneState(this.state);
    try {
      const results = reserves.map((op) => this.reserveOne(op));
      this.settle(settlements);
      return results;
    } catch (err) {
      this.state = before; // the transaction rolls back
      throw err;
    }
  }

  async openReservations(node: string): Promise<Reservation[]> {
    return [...this.state.reservations.values()]
      .filter((r) => r.node === node)
      .sort((a, b) => a.createdAt - b.createdAt);
  }

  private reserveOne({ reservation: r, requirePositive }: ReserveOp): boolean {
    if (this.state.reservations.has(r.requestId)) return true; // INSERT … ON CONFLICT DO NOTHING: already held
    this.state.reservations.set(r.requestId, r);
    if (r.amount <= 0 && !requirePositive) return true;
    const token = this.state.tokens.get(r.tokenId);
    if (r.tokenDrawn && !(token && token.remain_quota >= r.amount && token.remain_quota > 0)) {
      this.state.reservations.delete(r.requestId);
      return false;
    }
    const user = this.state.users.get(r.userId);
    if (!(user && user.quota >= r.amount && user.quota > 0)) {
      this.state.reservations.delete(r.requestId);
      return false;
    }
    if (r.tokenDrawn) token!.remain_quota -= r.amount;
    user.quota -= r.amount;
    return true;
  }

  private settle(settlements: readonly Settlement[]): void {
    const live = settlements.filter((s) => this.state.reservations.delete(s.requestId));
    const b = foldSettlements(live, this.now);
    for (const t of b.tokens) {
      const row = this.state.tokens.get(t.id);
      if (row)
        Object.assign(row, {
          remain_quota: row.remain_quota + t.refund,
          used_quota: row.used_quota + t.used,
          accessed_time: b.now,
        });
    }
    for (const u of b.users) {
      const row = this.state.users.get(u.id);
      if (row)
        Object.assign(row, {
          quota: row.quota + u.refund,
          used_quota: row.used_quota + u.used,
          request_count: row.request_count + u.requests,
        });
    }
    for (const c of b.channels) {
      const row = this.state.channels.get(c.id);
      if (row) row.used_quota += c.used;
    }
    for (const q of b.quotaData) {
      const key = `${q.userId}|${q.modelName}|${q.hour}`;
      const row = this.state.quotaData.get(key) ?? { count: 0, quota: 0, tokens: 0 };
      this.state.quotaData.set(key, {
        count: row.count + q.count,
        quota: row.quota + q.quota,
        tokens: row.tokens + q.tokens,
      });
    }
    for (const l of b.logs) {
      if (this.refuseLog?.(l)) throw new Error(`Data too long for a column of logs (request ${l.request_id ?? ''})`);
      this.state.logs.push(l);
    }
  }
}

function cloneState(s: Balances): Balances {
  const rows = <K, V extends object>(m: Map<K, V>) => new Map([...m].map(([k, v]) => [k, { ...v }]));
  return {
    users: rows(s.users),
    tokens: rows(s.tokens),
    channels: rows(s.channels),
    reservations: new Map(s.reservations),
    logs: [...s.logs],
    quotaData: rows(s.quotaData),
  };
}
