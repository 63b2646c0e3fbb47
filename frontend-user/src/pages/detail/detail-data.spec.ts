import type { QuotaDataRow } from '@gw/shared';
import { bucketLabel, buildDataQuery, defaultGranularity, defaultRange, modelShare, rangeTotals, seriesByModel } from './detail-data';

const row = (model_name: string, created_at: number, count: number, quota: number, token_used: number): QuotaDataRow => ({
  model_name,
  created_at,
  count,
  quota,
  token_used,
});
const rows = [row('b', 7200, 1, 10, 100), row('a', 3600, 2, 50, 500), row('b', 3600, 3, 30, 300), row('a', 10800, 1, 5, 50)];

describe('dashboard page rules', () => {
  it.each([
    ['week', 'week'],
    ['day', 'day'],
    ['month', 'hour'],
    [undefined, 'hour'],
  ])('granularity from the status %s → %s', (value, expected) => {
    expect(defaultGranularity(value)).toBe(expected);
  });

  it('default range ends now and spans a day, a week or four weeks', () => {
    const now = 1_800_000_000_000;
    expect(defaultRange(now, 'hour')).toEqual({ start: now - 86_400_000, end: now });
    expect(defaultRange(now, 'day').start).toBe(now - 7 * 86_400_000);
    expect(defaultRange(now, 'week').start).toBe(now - 28 * 86_400_000);
  });

  it('the query is in seconds; only admins send a username, trimmed, and not when empty', () => {
    const f = { start: 1_000_999, end: 2_000_500, granularity: 'day' as const, username: ' bob ' };
    expect(buildDataQuery(f, true)).toEqual({ start_timestamp: 1000, end_timestamp: 2000, default_time: 'day', username: 'bob' });
    expect(buildDataQuery(f, false)).toEqual({ start_timestamp: 1000, end_timestamp: 2000, default_time: 'day' });
    expect(buildDataQuery({ ...f, username: '  ' }, true)).not.toHaveProperty('username');
  });

  it('totals sum quota, tokens and requests of every row', () => {
    expect(rangeTotals(rows)).toEqual({ quota: 95, tokens: 950, count: 7 });
    expect(rangeTotals([])).toEqual({ quota: 0, tokens: 0, count: 0 });
  });

  it('series: buckets ascending, models by total (largest first), zeros where a model had nothing', () => {
    expect(seriesByModel(rows, 'quota')).toEqual({ times: [3600, 7200, 10800], models: ['a', 'b'], values: [[50, 0, 5], [30, 10, 0]] });
    expect(seriesByModel(rows, 'count').models).toEqual(['b', 'a']);
  });

  it('share: each model\'s sum, largest first; ties by name', () => {
    expect(modelShare(rows, 'count')).toEqual([
      { name: 'b', value: 4 },
      { name: 'a', value: 3 },
    ]);
    expect(modelShare([row('y', 0, 1, 1, 1), row('x', 0, 1, 1, 1)], 'count').map((s) => s.name)).toEqual(['x', 'y']);
  });

  it('labels: hours with their hour; days and weeks by the date at the bucket\'s noon', () => {
    const local = new Date(2026, 2, 4, 0, 0, 0).getTime() / 1000;
    expect(bucketLabel(local + 5 * 3600, 'hour')).toBe('03-04 05:00');
    expect(bucketLabel(local, 'day')).toBe('2026-03-04');
    // A day cut a few hours away from the browser's midnight still reads as that day.
    expect(bucketLabel(local - 5 * 3600, 'week')).toBe('2026-03-04');
    expect(bucketLabel(local + 5 * 3600, 'day')).toBe('2026-03-04');
  });
});
