import type { Reservation } from './ledger-types';

/** Column order of raw reservation inserts (both stores). */
export const RESERVATION_COLUMNS = [
  'request_id',
  'user_id',
  'token_id',
  'token_drawn',
  'amount',
  'prompt_quota',
  'node',
  'created_at',
  'meta',
] as const;

export function reservationValues(r: Reservation): (string | number)[] {
  return [r.requestId, r.userId, r.tokenId, r.tokenDrawn ? 1 : 0, r.amount, r.promptQuota, r.node, r.createdAt, r.meta];
}

/** A `reservations` row as either driver returns it (MySQL: BIGINT as strings, booleans as 0/1). */
export function reservationFromRow(row: Record<string, unknown>): Reservation {
  return {
    requestId: String(row.request_id),
    userId: Number(row.user_id),
    tokenId: Number(row.token_id),
    tokenDrawn: Number(row.token_drawn) === 1 || row.token_drawn === true,
    amount: Number(row.amount),
    promptQuota: Number(row.prompt_quota),
    node: String(row.node),
    createdAt: Number(row.created_at),
    meta: String(row.meta ?? '{}'),
  };
}
