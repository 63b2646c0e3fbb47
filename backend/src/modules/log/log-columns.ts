import type { LogEntity } from '../../database/entities';
import { fitLogRecord } from './log-limits';
import type { LogRecord } from './log-queue';

/** A stored column of `logs` that a writer fills (the id is the database's). */
export type LogColumn = Exclude<keyof LogEntity, 'id'>;
type LogValue = string | number | null;

/**
 * The one description of a log row for raw inserts (the ledger writes usage rows with its own
 * statements): each column of LogEntity with the value a record gives it, the entity's defaults
 * filled in and booleans as 0/1 (SQLite). The mapped type makes a column added to or removed from
 * the entity a compile error here; log-columns.spec.ts checks the set against the entity's metadata.
 */
const LOG_ROW: { readonly [C in LogColumn]: (r: LogRecord, now: number) => LogValue } = {
  user_id: (r) => r.user_id,
  created_at: (r, now) => r.created_at ?? now,
  type: (r) => r.type,
  content: (r) => r.content ?? '',
  username: (r) => r.username ?? '',
  token_name: (r) => r.token_name ?? '',
  model_name: (r) => r.model_name ?? '',
  quota: (r) => r.quota ?? 0,
  prompt_tokens: (r) => r.prompt_tokens ?? 0,
  completion_tokens: (r) => r.completion_tokens ?? 0,
  use_time: (r) => r.use_time ?? 0,
  is_stream: (r) => (r.is_stream ? 1 : 0),
  channel_id: (r) => r.channel_id ?? 0,
  channel_name: (r) => r.channel_name ?? '',
  token_id: (r) => r.token_id ?? 0,
  group: (r) => r.group ?? '',
  ip: (r) => r.ip ?? '',
  other: (r) => r.other ?? null,
  request_id: (r) => r.request_id ?? '',
};

/** Column order of raw log inserts; `logValues` gives the values in this order. */
export const LOG_COLUMNS: readonly LogColumn[] = Object.keys(LOG_ROW) as LogColumn[];

/**
 * A log row as positional values in LOG_COLUMNS order. Strings are fitted to their columns first,
 * so a row the database would refuse cannot stall a settlement.
 */
export function logValues(record: LogRecord, now: number): LogValue[] {
  const r = fitLogRecord(record);
  return LOG_COLUMNS.map((c) => LOG_ROW[c](r, now));
}
