import { quotaDataQuerySchema } from './schemas/dashboard';
import { bucketBounds, bucketStart, GRANULARITIES, mergeIntoBuckets, type QuotaDataRow } from './usage-buckets';

// Jest cannot switch the time zone inside a test file, so the day and week rules are checked as
// properties that hold in whatever TZ runs the suite (across a year: daylight-saving changes included).
const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);
const row = (model_name: string, created_at: number, count = 1, quota = 10, token_used = 100): QuotaDataRow => ({
  model_name,
  created_at,
  count,
  quota,
  token_used,
});

describe('bucketStart', () => {
  const year = Array.from({ length: 366 * 6 }, (_, i) => at('2026-01-01T00:00:00Z') + i * 4 * 3600 + 1234);

  it('hour: the start of the stored hour', () => {
    expect(bucketStart(at('2026-03-04T10:47:09Z'), 'hour')).toBe(at('2026-03-04T10:00:00Z'));
  });

  it('day: local midnight of the same local date', () => {
    for (const ts of year) {
      const start = bucketStart(ts, 'day');
      const d = new Date(start * 1000);
      expect([d.getHours(), d.getMinutes(), d.getSeconds()]).toEqual([0, 0, 0]);
      expect(d.toDateString()).toBe(new Date(ts * 1000).toDateString());
    }
  });

  it('week: local midnight of the Monday on or before', () => {
    for (const ts of year) {
      const start = bucketStart(ts, 'week');
      const d = new Date(start * 1000);
      expect([d.getDay(), d.getHours(), d.getMinutes()]).toEqual([1, 0, 0]);
      expect(start).toBeLessThanOrEqual(ts);
      expect(ts - start).toBeLessThan(7 * 86400 + 3600);
      expect(bucketStart(start, 'week')).toBe(start);
    }
  });
});

describe('bucketBounds', () => {
  const from = at('2026-01-01T05:00:00Z') + 17;
  const to = at('2027-01-02T03:00:00Z');

  it.each(GRANULARITIES)('%s: contiguous buckets, each hour of the range in the one bucketStart names', (g) => {
    const bounds = bucketBounds(from, to, g);
    expect(bounds[0][0]).toBe(bucketStart(from, g));
    expect(bounds.at(-1)![1]).toBeGreaterThan(to);
    for (let i = 1; i < bounds.length; i++) expect(bounds[i][0]).toBe(bounds[i - 1][1]);
    let b = 0;
    for (let hour = bucketStart(from, 'hour'); hour <= to; hour += 3600) {
      while (hour >= bounds[b][1]) b++;
      expect(bounds[b][0]).toBe(bucketStart(hour, g));
    }
  });

  it('a range inside one bucket is that bucket alone', () => {
    expect(bucketBounds(from, from + 60, 'week')).toHaveLength(1);
    expect(bucketBounds(from, from, 'hour')).toEqual([[bucketStart(from, 'hour'), bucketStart(from, 'hour') + 3600]]);
  });
});

describe('mergeIntoBuckets', () => {
  const h = at('2026-03-04T08:00:00Z');
  const rows = [row('b', h + 7200, 2, 20, 200), row('a', h), row('b', h, 3, 30, 300), row('a', h + 3600, 4, 40, 400)];

  it('hour: one row per (hour, model), sorted by time then model', () => {
    expect(mergeIntoBuckets(rows, 'hour').map((r) => [r.created_at - h, r.model_name, r.count])).toEqual([
      [0, 'a', 1],
      [0, 'b', 3],
      [3600, 'a', 4],
      [7200, 'b', 2],
    ]);
  });

  it('day: sums count, quota and tokens per model', () => {
    const day = bucketStart(h, 'day');
    expect(mergeIntoBuckets(rows, 'day')).toEqual([
      { model_name: 'a', created_at: day, count: 5, quota: 50, token_used: 500 },
      { model_name: 'b', created_at: day, count: 5, quota: 50, token_used: 500 },
    ]);
  });

  it('hour: rows already one per (hour, model) in order come back as equal copies', () => {
    const ordered = [row('a', h), row('b', h, 3), row('a', h + 3600, 4)];
    const out = mergeIntoBuckets(ordered, 'hour');
    expect(out).toEqual(ordered);
    expect(out[0]).not.toBe(ordered[0]);
  });

  it.each([
    [
      'the same hour and model twice in a row',
      [row('a', h), row('a', h, 2), row('b', h)],
      [
        [0, 'a', 3],
        [0, 'b', 1],
      ],
    ],
    ['a time inside the hour', [row('a', h), row('a', h + 60, 2)], [[0, 'a', 3]]],
    [
      'models out of order within an hour',
      [row('b', h), row('a', h, 2)],
      [
        [0, 'a', 2],
        [0, 'b', 1],
      ],
    ],
  ])('hour: merges and sorts when the rows are not one per hour in order (%s)', (_name, input, expected) => {
    expect(mergeIntoBuckets(input, 'hour').map((r) => [r.created_at - h, r.model_name, r.count])).toEqual(expected);
  });

  it('leaves its input alone', () => {
    const copy = JSON.parse(JSON.stringify(rows));
    mergeIntoBuckets(rows, 'week');
    expect(rows).toEqual(copy);
  });
});

describe('quotaDataQuerySchema', () => {
  const day = 86400;
  it.each([
    ['both bounds, hourly, 31 days', { start_timestamp: '0', end_timestamp: String(31 * day) }, 'ok'],
    [
      'day granularity over 366 days',
      { start_timestamp: '0', end_timestamp: String(366 * day), default_time: 'day' },
      'ok',
    ],
    ['missing start', { end_timestamp: '10' }, 'data.start_timestamp_invalid'],
    ['text as end', { start_timestamp: '0', end_timestamp: 'soon' }, 'data.end_timestamp_invalid'],
    ['negative start', { start_timestamp: '-5', end_timestamp: '10' }, 'data.start_timestamp_invalid'],
    [
      'unknown granularity',
      { start_timestamp: '0', end_timestamp: '10', default_time: 'month' },
      'data.granularity_invalid',
    ],
    ['end before start', { start_timestamp: '100', end_timestamp: '10' }, 'data.range_order'],
    [
      'more than 366 days',
      { start_timestamp: '0', end_timestamp: String(366 * day + 1), default_time: 'week' },
      'data.range_too_long',
    ],
    [
      'hourly over 31 days',
      { start_timestamp: '0', end_timestamp: String(31 * day + 1) },
      'data.hourly_range_too_long',
    ],
  ])('%s', (_name, query, expected) => {
    const parsed = quotaDataQuerySchema.safeParse(query);
    expect(parsed.success ? 'ok' : parsed.error.issues[0].message).toBe(expected);
  });

  it('defaults: everyone, hourly', () => {
    expect(quotaDataQuerySchema.parse({ start_timestamp: '1', end_timestamp: '2' })).toEqual({
      username: '',
      start_timestamp: 1,
      end_timestamp: 2,
      default_time: 'hour',
    });
  });
});
