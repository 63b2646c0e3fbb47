import type { LogRecord } from '../log/log.service';

/** Money taken from a token (unless tokenId is null: unlimited token or console playground) and its user. */
export interface Charge {
  tokenId: number | null;
  userId: number;
  amount: number;
}

/** The end of one request's money story, applied later in a batch (see QuotaLedger.settle). */
export interface Settlement {
  /** Token whose used_quota grows (0: none, e.g. playground). */
  tokenId: number;
  /** Given back to tokens.remain_quota (part of the reservation that was not used). */
  tokenRefund: number;
  userId: number;
  /** Given back to users.quota. */
  userRefund: number;
  /** The final charge: used_quota of token and user, channel used_quota. */
  charged: number;
  /** Counts toward users.request_count (false for a refunded failure). */
  countRequest: boolean;
  /** Channel whose used_quota grows (0: none). */
  channelId: number;
  /** Consumption log row, written in the same transaction as the counters. */
  log?: LogRecord;
  /** Hourly dashboard aggregate (quota_data). */
  usage?: { username: string; modelName: string; tokens: number };
}

/** Settlements folded per row: one UPDATE per token, user and channel per flush. */
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

/** The database side of the ledger; every method is one transaction. */
export interface LedgerStore {
  /**
   * Takes `amount` from the token (when given) and the user, both or neither. `solo` hints that no
   * other request is in flight: commit at once rather than wait to share a commit.
   */
  reserve(c: Charge, solo?: boolean): Promise<boolean>;
  /** Takes up to `amount`, limited by what the token and the user still hold; returns what was taken. */
  chargeUpTo(c: Charge): Promise<number>;
  apply(batch: SettlementBatch): Promise<void>;
}
