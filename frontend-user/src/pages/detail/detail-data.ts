/**
 * Pure rules of the dashboard page (docs/dashboard.md): the query, the range totals and the chart
 * series built from the rows of /api/data/ (already merged into the chosen granularity by the server).
 * Unit-tested in detail-data.spec.ts.
 */
import { GRANULARITIES, type Granularity, type QuotaDataRow } from '@gw/shared';

export interface DetailFilters {
  /** Range in epoch milliseconds. */
  start: number;
  end: number;
  granularity: Granularity;
  /** Admins: one user's name, empty for everyone. */
  username: string;
}

const DAY_MS = 86_400_000;

/** The status default (DataExportDefaultTime) when it is a known granularity, else hour. */
export function defaultGranularity(value: string | undefined): Granularity {
  return (GRANULARITIES as readonly string[]).includes(value ?? '') ? (value as Granularity) : 'hour';
}

/** Default range: the last day by hour, the last 7 days by day, the last 4 weeks by week, ending now. */
export function defaultRange(nowMs: number, g: Granularity): { start: number; end: number } {
  const days = g === 'hour' ? 1 : g === 'day' ? 7 : 28;
  return { start: nowMs - days * DAY_MS, end: nowMs };
}

/** Query of GET /api/data/ (admins) or /api/data/self/: epoch seconds; username only for admins. */
export function buildDataQuery(f: DetailFilters, admin: boolean): Record<string, string | number> {
  const q: Record<string, string | number> = {
    start_timestamp: Math.floor(f.start / 1000),
    end_timestamp: Math.floor(f.end / 1000),
    default_time: f.granularity,
  };
  if (admin && f.username.trim()) q.username = f.username.trim();
  return q;
}

export interface RangeTotals {
  quota: number;
  tokens: number;
  count: number;
}

export function rangeTotals(rows: readonly QuotaDataRow[]): RangeTotals {
  return rows.reduce((s, r) => ({ quota: s.quota + r.quota, tokens: s.tokens + r.token_used, count: s.count + r.count }), { quota: 0, tokens: 0, count: 0 });
}

export type Metric = 'quota' | 'token_used' | 'count';

export interface Series {
  /** Bucket starts, ascending (epoch seconds). */
  times: number[];
  /** Models by their total of the metric, largest first. */
  models: string[];
  /** values[m][i]: the metric of models[m] in times[i] (0 where it had none). */
  values: number[][];
}

/** One line of values per model over the buckets present in the rows. */
export function seriesByModel(rows: readonly QuotaDataRow[], metric: Metric): Series {
  const times = [...new Set(rows.map((r) => r.created_at))].sort((a, b) => a - b);
  const index = new Map(times.map((t, i) => [t, i]));
  const byModel = new Map<string, number[]>();
  for (const r of rows) {
    const line = byModel.get(r.model_name) ?? new Array<number>(times.length).fill(0);
    line[index.get(r.created_at)!] += r[metric];
    byModel.set(r.model_name, line);
  }
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const models = [...byModel.keys()].sort((a, b) => sum(byModel.get(b)!) - sum(byModel.get(a)!) || a.localeCompare(b));
  return { times, models, values: models.map((m) => byModel.get(m)!) };
}

/** Each model's share of the metric over the range, largest first. */
export function modelShare(rows: readonly QuotaDataRow[], metric: Metric): { name: string; value: number }[] {
  const s = seriesByModel(rows, metric);
  return s.models.map((name, i) => ({ name, value: s.values[i].reduce((a, b) => a + b, 0) }));
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Axis label of a bucket in the browser's time zone: "MM-DD HH:00" for hours, "YYYY-MM-DD" for days
 * and weeks. Days and weeks are cut in the gateway's time zone, so their label is the date at noon
 * of the bucket: right whenever the two zones are less than 12 hours apart.
 */
export function bucketLabel(ts: number, g: Granularity): string {
  const d = new Date((g === 'hour' ? ts : ts + 12 * 3600) * 1000);
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return g === 'hour' ? `${date.slice(5)} ${pad(d.getHours())}:00` : date;
}
