import type { LogRecord } from '../log/log.service';

/**
 * Quota held for one relay request until it is settled: a durable `reservations` row written in
 * the transaction that takes the quota (docs/ledger.md).
 */
export interface Reservation {
  readonly requestId: string;
  readonly userId: number;
  /** The token used (0: none, e.g. the console playground). */
  readonly tokenId: number;
  /** Whether `amount` was also taken from the token (false for unlimited tokens). */
  readonly tokenDrawn: boolean;
  readonly amount: number;
  /** The prompt part of `amount`: what recovery charges if the request never settles. */
  readonly promptQuota: number;
  readonly node: string;
  /** Epoch seconds of the request's arrival. */
  readonly createdAt: number;
  /** JSON of what an interrupted log row shows (ReservationMeta). */
  readonly meta: string;
}

/** What the interrupted-request log row needs to say about a reservation. */
export interface ReservationMeta {
  username: string;
  tokenName: string;
  model: string;
  group: string;
  ip: string;
  path: string;
  stream: boolean;
}

export interface ReserveOp {
  readonly reservation: Reservation;
  /**
   * Refuse unless the user (and a drawn token) hold more than zero, even when `amount` is 0
   * (PreConsumedQuota 0): only free requests skip this.
   */
  readonly requirePositive: boolean;
}

/**
 * The end of one request's money story: the reservation is closed, the difference between what
 * was reserved and what is charged moves back (or, when usage exceeded the reservation, out: the
 * balance may go below zero), counters grow and the log row is written, all in one transaction.
 * Applied at most once: the reservation row is the key.
 */
export interface Settlement {
  readonly requestId: string;
  readonly userId: number;
  /** Token whose used_quota grows (0: none). */
  readonly tokenId: number;
  readonly tokenDrawn: boolean;
  readonly reserved: number;
  readonly charged: number;
  /** Counts toward users.request_count (false for a refunded failure). */
  readonly countRequest: boolean;
  /** Channel whose used_quota grows (0: none). */
  readonly channelId: number;
  /** The consumption log row (its created_at is the request's time). */
  readonly log?: LogRecord;
  /** Hourly dashboard aggregate (quota_data), bucketed by the request's hour. */
  readonly usage?: { username: string; modelName: string; tokens: number; at: number };
}

/** Settlements folded per row: one UPDATE per token, user and channel per commit. */
export interface SettlementBatch {
  now: number;
  tokens: { id: number; refund: number; used: number }[];
  users: { id: number; refund: number; used: number; requests: number }[];
  channels: { id: number; used: number }[];
  quotaData: {
    userId: number;
    username: string;
    modelName: string;
    hour: number;
    count: number;
    quota: number;
    tokens: number;
  }[];
  logs: LogRecord[];
}

/** The database side of the ledger. */
export interface LedgerStore {
  /**
   * One transaction: each reservation all-or-nothing (false: not enough quota), then each
   * settlement whose reservation is still open. Safe to repeat after an unknown outcome: a
   * reservation already written is not taken again, a settlement already applied is skipped.
   */
  commit(reserves: readonly ReserveOp[], settlements: readonly Settlement[]): Promise<boolean[]>;
  /** Reservations of `node` still open (left by a crash). */
  openReservations(node: string): Promise<Reservation[]>;
  /**
   * Moves usage rows committed into an inbox on to `logs` (SQLite; docs/ledger.md). Returns the rows
   * `logs` refused (taken out of the inbox: the caller hands them to the log writer's dead letters).
   * Absent: the store writes `logs` directly.
   */
  drainLogs?(): Promise<LogRecord[]>;
}
