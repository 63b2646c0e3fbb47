import { getMetadataArgsStorage } from 'typeorm';
import { LogEntity } from '../../database/entities';
import type { LogRecord } from './log.service';

/** MySQL TEXT holds 65,535 bytes; longer content is cut (SQLite has no limit, MySQL refuses the row). */
export const TEXT_MAX_BYTES = 65_535;
const INT_MIN = -(2 ** 31);
const INT_MAX = 2 ** 31 - 1;

type ColumnKind =
  { kind: 'varchar'; length: number } | { kind: 'text' } | { kind: 'int' } | { kind: 'bigint' } | { kind: 'bool' };

let columns: ReadonlyMap<string, ColumnKind> | undefined;

/** The log table's columns as the entity declares them (so a new column is covered by itself). */
function logColumns(): ReadonlyMap<string, ColumnKind> {
  if (columns) return columns;
  const map = new Map<string, ColumnKind>();
  for (const c of getMetadataArgsStorage().columns) {
    if (c.target !== LogEntity || c.mode !== 'regular') continue;
    const type = String(c.options.type);
    if (type === 'varchar') map.set(c.propertyName, { kind: 'varchar', length: Number(c.options.length) || 255 });
    else if (type === 'text') map.set(c.propertyName, { kind: 'text' });
    else if (type === 'bigint') map.set(c.propertyName, { kind: 'bigint' });
    else if (type === 'boolean') map.set(c.propertyName, { kind: 'bool' });
    else map.set(c.propertyName, { kind: 'int' });
  }
  columns = map;
  return map;
}

/** The first `max` characters (code points, as utf8mb4 VARCHAR counts them) of `s`. */
export function cutChars(s: string, max: number): string {
  if (s.length <= max) return s;
  let out = '';
  let n = 0;
  for (const ch of s) {
    if (n++ === max) break;
    out += ch;
  }
  return out;
}

/** The longest prefix of `s` that fits in `maxBytes` of UTF-8, never splitting a character. */
export function cutBytes(s: string, maxBytes: number): string {
  if (s.length * 3 <= maxBytes || Buffer.byteLength(s) <= maxBytes) return s;
  const buf = Buffer.from(s);
  // Step back over continuation bytes (10xxxxxx) so the cut falls between characters.
  let end = maxBytes;
  while (end > 0 && (buf[end] & 0xc0) === 0x80) end--;
  return buf.subarray(0, end).toString('utf8');
}

function fitInt(v: unknown, min: number, max: number): number {
  const n = typeof v === 'number' ? v : Number(v);
  if (!Number.isFinite(n)) return 0;
  return Math.min(max, Math.max(min, Math.trunc(n)));
}

/**
 * A log row both databases accept: strings cut to their column's length (VARCHAR in characters,
 * TEXT in bytes), NOT NULL strings never null, integers finite and inside their column's range.
 * Every writer of `logs` (the log queue, the ledger's raw inserts) passes rows through here.
 */
export function fitLogRecord(r: LogRecord): LogRecord {
  const out: Record<string, unknown> = { ...r };
  for (const [key, col] of logColumns()) {
    const v = out[key];
    if (v === undefined) continue;
    switch (col.kind) {
      case 'varchar':
        out[key] = v === null ? '' : cutChars(String(v), col.length);
        break;
      case 'text':
        if (v !== null) out[key] = cutBytes(String(v), TEXT_MAX_BYTES);
        break;
      case 'int':
        out[key] = fitInt(v, INT_MIN, INT_MAX);
        break;
      case 'bigint':
        out[key] = fitInt(v, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
        break;
      case 'bool':
        out[key] = Boolean(v);
        break;
    }
  }
  return out as LogRecord;
}
