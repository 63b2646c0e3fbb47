/** ECharts options of the dashboard's four charts, from the rows (pure; the texts come translated). */
import type { Granularity, QuotaDataRow } from '@gw/shared';
import type { EChartsCoreOption } from 'echarts/core';
import { bucketLabel, modelShare, seriesByModel, type Metric } from './detail-data';

const GRID = { left: 56, right: 16, top: 40, bottom: 28, containLabel: true };
const LEGEND = { type: 'scroll', top: 0 };

/** Bars per bucket, one stacked segment per model. */
export function stackedBars(rows: readonly QuotaDataRow[], metric: Metric, g: Granularity, format: (v: number) => string): EChartsCoreOption {
  const s = seriesByModel(rows, metric);
  return {
    tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => format(Number(v)) },
    legend: LEGEND,
    grid: GRID,
    xAxis: { type: 'category', data: s.times.map((t) => bucketLabel(t, g)) },
    yAxis: { type: 'value', axisLabel: { formatter: (v: number) => format(v) } },
    series: s.models.map((name, i) => ({ name, type: 'bar', stack: 'total', data: s.values[i] })),
  };
}

/** One line per model over the buckets. */
export function linesByModel(rows: readonly QuotaDataRow[], metric: Metric, g: Granularity): EChartsCoreOption {
  const s = seriesByModel(rows, metric);
  return {
    tooltip: { trigger: 'axis' },
    legend: LEGEND,
    grid: GRID,
    xAxis: { type: 'category', data: s.times.map((t) => bucketLabel(t, g)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: s.models.map((name, i) => ({ name, type: 'line', smooth: true, showSymbol: s.times.length < 48, data: s.values[i] })),
  };
}

/** Each model's share of the metric over the range. */
export function sharePie(rows: readonly QuotaDataRow[], metric: Metric): EChartsCoreOption {
  return {
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { ...LEGEND, type: 'scroll' },
    series: [{ type: 'pie', radius: ['35%', '65%'], top: 24, data: modelShare(rows, metric), label: { formatter: '{b}\n{d}%' } }],
  };
}
