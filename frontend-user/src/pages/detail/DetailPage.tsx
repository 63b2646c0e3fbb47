import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Card, DatePicker, Empty, Grid, Input, Radio, Space, Spin } from '@arco-design/web-react';
import { IconRefresh } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { renderQuota, type QuotaDataRow, type UserView } from '@gw/shared';
import { isAdmin as isAdminUser, quotaDisplay, useStatus, useUser } from '@gw/web';
import { lastMinute, selfUser, usageRows } from './detail-api';
import { linesByModel, sharePie, stackedBars } from './detail-charts';
import { buildDataQuery, defaultGranularity, defaultRange, rangeTotals, type DetailFilters } from './detail-data';
import { UsageChart } from './UsageChart';
import type { EChartsCoreOption } from 'echarts/core';

const FORMAT = 'YYYY-MM-DD HH:mm';

/**
 * Data dashboard (docs/dashboard.md): the caller's account, totals of the chosen range, the last
 * minute's RPM/TPM, and charts by model over time. Admins see everyone or one user.
 */
export function DetailPage() {
  const { t } = useTranslation();
  const admin = isAdminUser(useUser());
  const status = useStatus();
  const display = quotaDisplay(status);
  const quota = useCallback((v: number) => renderQuota(v, display), [display]);
  const [filters, setFilters] = useState<DetailFilters>(() => {
    const g = defaultGranularity(status.data_export_default_time);
    return { ...defaultRange(Date.now(), g), granularity: g, username: '' };
  });
  const [draft, setDraft] = useState(filters);
  const [rows, setRows] = useState<QuotaDataRow[]>([]);
  const [me, setMe] = useState<UserView | null>(null);
  const [minute, setMinute] = useState({ rpm: 0, tpm: 0 });
  const [loading, setLoading] = useState(false);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let live = true;
    setLoading(true);
    Promise.all([
      usageRows(admin, buildDataQuery(filters, admin)).catch(() => [] as QuotaDataRow[]),
      selfUser().catch(() => null),
      lastMinute(admin, filters.username).catch(() => ({ rpm: 0, tpm: 0 })),
    ])
      .then(([r, u, m]) => {
        if (!live) return;
        setRows(r);
        setMe(u);
        setMinute(m);
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [admin, filters, generation]);

  const totals = useMemo(() => rangeTotals(rows), [rows]);
  const g = filters.granularity;
  const charts = useMemo(
    () => ({
      quota: stackedBars(rows, 'quota', g, quota),
      tokens: stackedBars(rows, 'token_used', g, (v) => String(v)),
      count: linesByModel(rows, 'count', g),
      share: sharePie(rows, 'count'),
    }),
    [rows, g, quota],
  );

  const stat = (id: string, title: string, value: string | number) => (
    <Grid.Col xs={12} sm={8} md={6} lg={3} key={id}>
      <Card className="gw-detail-card" bordered>
        <div className="gw-detail-card-title">{title}</div>
        <div className="gw-detail-card-value" data-testid={`detail-${id}`}>
          {value}
        </div>
      </Card>
    </Grid.Col>
  );
  const chart = (id: string, title: string, option: EChartsCoreOption) => (
    <Grid.Col xs={24} lg={12} key={id}>
      <Card title={title} bordered>
        {rows.length ? <UsageChart option={option} testId={`detail-chart-${id}`} /> : <Empty description={t('detail.no_data')} />}
      </Card>
    </Grid.Col>
  );
  const search = () => setFilters({ ...draft });

  return (
    <Card title={t('detail.title')} className="gw-detail-page">
      <Space wrap style={{ marginBottom: 16 }}>
        <DatePicker.RangePicker
          showTime
          format={FORMAT}
          value={[draft.start, draft.end]}
          allowClear={false}
          onChange={(_, d) => d?.[0] && d?.[1] && setDraft((f) => ({ ...f, start: d[0].valueOf(), end: d[1].valueOf() }))}
          className="gw-detail-range"
        />
        <span data-testid="detail-granularity">
          <Radio.Group
            type="button"
            value={draft.granularity}
            onChange={(v) => setDraft((f) => ({ ...f, granularity: v }))}
            options={(['hour', 'day', 'week'] as const).map((value) => ({ value, label: t(`detail.by_${value}`) }))}
          />
        </span>
        {admin && (
          <Input
            allowClear
            value={draft.username}
            onChange={(v) => setDraft((f) => ({ ...f, username: v }))}
            onPressEnter={search}
            placeholder={t('detail.username_everyone')}
            style={{ width: 200 }}
            data-testid="detail-username"
          />
        )}
        <Button type="primary" onClick={search} data-testid="detail-search">
          {t('detail.query')}
        </Button>
        <Button icon={<IconRefresh />} onClick={() => setGeneration((n) => n + 1)} aria-label={t('detail.refresh')} />
      </Space>
      <Spin loading={loading} style={{ display: 'block' }}>
        <Grid.Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
          {stat('balance', t('detail.balance'), quota(me?.quota ?? 0))}
          {stat('used', t('detail.used'), quota(me?.used_quota ?? 0))}
          {stat('requests', t('detail.requests'), me?.request_count ?? 0)}
          {stat('range-quota', t('detail.range_quota'), quota(totals.quota))}
          {stat('range-tokens', t('detail.range_tokens'), totals.tokens)}
          {stat('range-count', t('detail.range_count'), totals.count)}
          {stat('rpm', t('detail.rpm'), minute.rpm)}
          {stat('tpm', t('detail.tpm'), minute.tpm)}
        </Grid.Row>
        <Grid.Row gutter={[12, 12]}>
          {chart('quota', t('detail.chart_quota'), charts.quota)}
          {chart('tokens', t('detail.chart_tokens'), charts.tokens)}
          {chart('count', t('detail.chart_count'), charts.count)}
          {chart('share', t('detail.chart_share'), charts.share)}
        </Grid.Row>
      </Spin>
    </Card>
  );
}
