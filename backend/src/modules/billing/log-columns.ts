import { fitLogRecord } from '../log/log-limits';
import type { LogRecord } from '../log/log.service';

/** Column order of raw log inserts (the ledger writes consumption logs with its own statements). */
export const LOG_COLUMNS = [
  'user_id',
  'created_at',
  'type',
  'content',
  'username',
  'token_name',
  'model_name',
  'quota',
  'prompt_tokens',
  'completion_tokens',
  'use_time',
  'is_stream',
  'channel_id',
  'channel_name',
  'token_id',
  'group',
  'ip',
  'other',
  'request_id',
] as const;

/**
 * A log row as positional values with the entity's defaults; booleans as 0/1 for SQLite. Strings
 * are fitted to their columns first, so a row the database would refuse cannot stall a settlement.
 */
export function logValues(record: LogRecord, now: number): (string | number | null)[] {
  const r = fitLogRecord(record);
  return [
    r.user_id,
    r.created_at ?? now,
    r.type,
    r.content ?? '',
    r.username ?? '',
    r.token_name ?? '',
    r.model_name ?? '',
    r.quota ?? 0,
    r.prompt_tokens ?? 0,
    r.completion_tokens ?? 0,
    r.use_time ?? 0,
    r.is_stream ? 1 : 0,
    r.channel_id ?? 0,
    r.channel_name ?? '',
    r.token_id ?? 0,
    r.group ?? '',
    r.ip ?? '',
    r.other ?? null,
    r.request_id ?? '',
  ];
}
