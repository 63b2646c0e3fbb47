import { useCallback, useEffect, useMemo, useState } from 'react';
import { Card } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { LogRecord, LogStat } from '@gw/shared';
import { ColumnSettingsModal, isAdmin as isAdminUser, useColumnPrefs, usePageSize, useUser, type ListResult } from '@gw/web';
import { listLogs, logStat } from './log-api';
import { ADMIN_COLUMNS, buildLogQuery, defaultRange, forcedHidden, LOG_COLUMNS, LOG_COLUMNS_KEY, logColumnDefaults, type LogFilters as Filters } from './log-helpers';
import { LogFilters } from './LogFilters';
import { LogSummary } from './LogSummary';
import { LogTable } from './LogTable';
import { UserInfoModal } from './UserInfoModal';

const EMPTY: ListResult<LogRecord> = { items: [], total: 0, page: 0, page_size: 0, local: false };

/** Usage log (docs/console.md#usage-log): summary bar, filters, type, column settings, the table with expandable rows. */
export function LogPage() {
  const { t } = useTranslation();
  const admin = isAdminUser(useUser());
  const [pageSize, setPageSize] = usePageSize();
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<Filters>(() => ({ ...defaultRange(Date.now()), token_name: '', model_name: '', group: '', username: '', channel: '' }));
  const [type, setType] = useState(0);
  const [result, setResult] = useState<ListResult<LogRecord>>(EMPTY);
  const [stat, setStat] = useState<LogStat | null>(null);
  const [loading, setLoading] = useState(false);
  const [statLoading, setStatLoading] = useState(false);
  const [tick, setTick] = useState(0);
  const [columnsOpen, setColumnsOpen] = useState(false);
  const [userId, setUserId] = useState<number | null>(null);
  const defaults = useMemo(() => logColumnDefaults(admin), [admin]);
  const [prefs, setPrefs] = useColumnPrefs(LOG_COLUMNS_KEY, defaults, forcedHidden(admin));
  const query = useMemo(() => buildLogQuery(filters, type, admin), [filters, type, admin]);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setResult(await listLogs(admin, query, page, pageSize));
    } catch {
      setResult(EMPTY);
    } finally {
      setLoading(false);
    }
    // `tick` reloads with the same query (refresh).
  }, [admin, query, page, pageSize, tick]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    setStatLoading(true);
    logStat(admin, query)
      .then(setStat, () => setStat(null))
      .finally(() => setStatLoading(false));
  }, [admin, query, tick]);

  const rows = result.local ? result.items.slice((page - 1) * pageSize, page * pageSize) : result.items;
  const listed = LOG_COLUMNS.filter((c) => admin || !ADMIN_COLUMNS.includes(c));

  return (
    <Card title={t('log.title')} className="gw-log-page">
      <LogSummary stat={stat} rows={rows} loading={statLoading} />
      <LogFilters
        isAdmin={admin}
        value={filters}
        type={type}
        onQuery={(f, ty) => {
          setFilters(f);
          setType(ty);
          setPage(1);
          setTick((n) => n + 1);
        }}
        onRefresh={() => setTick((n) => n + 1)}
        onColumns={() => setColumnsOpen(true)}
      />
      <LogTable
        rows={rows}
        loading={loading}
        isAdmin={admin}
        prefs={prefs}
        page={page}
        pageSize={pageSize}
        total={result.total}
        onUser={(id) => admin && setUserId(id)}
        onPage={(p, size) => {
          if (size !== pageSize) {
            setPageSize(size);
            setPage(1);
          } else setPage(p);
        }}
      />
      <ColumnSettingsModal
        visible={columnsOpen}
        columns={listed.map((c) => ({ key: c, label: t(`log.col_${c}`) }))}
        value={prefs}
        defaults={defaults}
        onCancel={() => setColumnsOpen(false)}
        onOk={(next) => {
          setPrefs(next);
          setColumnsOpen(false);
        }}
      />
      <UserInfoModal userId={userId} onClose={() => setUserId(null)} />
    </Card>
  );
}
