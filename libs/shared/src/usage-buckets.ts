/**
 * Dashboard aggregates (docs/dashboard.md): the rows of GET /api/data/ and /api/data/self/, and the pure
 * bucketing that merges hourly rows into days or weeks.
 */
import type { z } from 'zod';
import type { quotaDataRowSchema } from './schemas/views';

export const GRANULARITIES = ['hour', 'day', 'week'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

/** One model's usage in one bucket; `created_at` is the bucket's start (epoch seconds). */
export type QuotaDataRow = z.infer<typeof quotaDataRowSchema>;

const HOUR = 3600;

/**
 * Start of the bucket holding `ts` (epoch seconds): the hour as stored; the day from local midnight;
 * the week from Monday's local midnight. "Local" is the time zone of the process that runs this
 * (the gateway's TZ on the server), so days follow daylight-saving changes.
 */
export function bucketStart(ts: number, granularity: Granularity): number {
  if (granularity === 'hour') return ts - (((ts % HOUR) + HOUR) % HOUR);
  const d = new Date(ts * 1000);
  d.setHours(0, 0, 0, 0);
  if (granularity === 'week') d.setDate(d.getDate() - ((d.getDay() + 6) % 7));
  return Math.floor(d.getTime() / 1000);
}

/** Longer than any day (23–25 hours) and shorter than two; the same for weeks. */
const NEXT_SPAN = { hour: HOUR, day: 26 * HOUR, week: (7 * 24 + 2) * HOUR } as const;

/**
 * The buckets that hold [from, to], in order, each as `[start, next start)` (epoch seconds): what
 * mergeIntoBuckets would file hourly rows of that range under, for a database to sum them itself.
 */
export function bucketBounds(from: number, to: number, granularity: Granularity): [number, number][] {
  const bounds: [number, number][] = [];
  let start = bucketStart(from, granularity);
  while (start <= to) {
    const next = bucketStart(start + NEXT_SPAN[granularity], granularity);
    bounds.push([start, next]);
    start = next;
  }
  return bounds;
}

/**
 * Sums rows per (bucket, model); the result is sorted by time, then model name. Hourly rows that are
 * already one per (hour, model) in that order, as the server reads them, are copied as they are: a
 * month of every model by hour is tens of thousands of rows (docs/dashboard.md).
 */
export function mergeIntoBuckets(rows: readonly QuotaDataRow[], granularity: Granularity): QuotaDataRow[] {
  if (granularity === 'hour' && alreadyHourly(rows)) return rows.map((r) => ({ ...r }));
  const buckets = new Map<number, Map<string, QuotaDataRow>>();
  for (const r of rows) {
    const at = bucketStart(r.created_at, granularity);
    let models = buckets.get(at);
    if (!models) buckets.set(at, (models = new Map()));
    const m = models.get(r.model_name);
    if (m) {
      m.token_used += r.token_used;
      m.count += r.count;
      m.quota += r.quota;
    } else {
      models.set(r.model_name, {
        model_name: r.model_name,
        created_at: at,
        token_used: r.token_used,
        count: r.count,
        quota: r.quota,
      });
    }
  }
  const merged: QuotaDataRow[] = [];
  for (const models of buckets.values()) for (const m of models.values()) merged.push(m);
  return merged.sort(byTimeThenModel);
}

const byTimeThenModel = (a: QuotaDataRow, b: QuotaDataRow): number =>
  a.created_at - b.created_at || (a.model_name < b.model_name ? -1 : a.model_name > b.model_name ? 1 : 0);

/** Each row on an hour's start, and strictly after the one before it by (time, model). */
function alreadyHourly(rows: readonly QuotaDataRow[]): boolean {
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    if (bucketStart(r.created_at, 'hour') !== r.created_at) return false;
    if (i > 0 && byTimeThenModel(rows[i - 1], r) >= 0) return false;
  }
  return true;
}
