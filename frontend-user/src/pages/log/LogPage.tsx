import { useEffect, useMemo, useState } from 'react';
import { Card } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { LogRecord, LogStat } from '@gw/shared';
import { ColumnSettingsModal, isAdmin as isAdminUser, useColumnPrefs, usePagedList, useUser } from '@gw/web';
import { listLogs, logStat } from './log-api';
import { ADMIN_COLUMNS, buildLogQuery, defaultRange, forcedHidden, LOG_COLUMNS, LOG_COLUMNS_KEY, logColumnDefaults, type LogFilters as Filters } from './log-helpers';
import { LogFilters } from './LogFilters';
import { LogSummary } from './LogSummary';
import { LogTable } from './LogTable';
import { UserInfoModal } from './UserInfoModal';

/** The filter form and the log type (0: all). */
interface LogQuery {
  filters: Filters;
  type: number;
}

/** Usage log (docs/console.md#usage-log): summary bar, filters, type, column settings, the table with expandable rows. */
export function LogPage() {
  const { t } = useTranslation();
  const admin = isAdminUser(useUser());
  const list = usePagedList<LogQuery, LogRecord>({
    initialQuery: { filters: { ...defaultRange(Date.now()), token_name: '', model_name: '', group: '', username: '', channel: '' }, type: 0 },
    load: ({ query: q, page, pageSize }) => listLogs(admin, buildLogQuery(q.filters, q.type, admin), page, pageSize),
    deps: [admin],
  });
  const { filters, type } = list.query;
  const [stat, setStat] = useState<LogStat | null>(null);
  const [statLoading, setStatLoading] = useState(false);
  const [columnsOpen, setColumnsOpen] = useState(false);
  const [userId, setUserId] = useState<number | null>(null);
  const defaults = useMemo(() => logColumnDefaults(admin), [admin]);
  const [prefs, setPrefs] = useColumnPrefs(LOG_COLUMNS_KEY, defaults, forcedHidden(admin));
  const query = useMemo(() => buildLogQuery(filters, type, admin), [filters, type, admin]);

  // The summary is read again with the list on each search and refresh (`generation`).
  useEffect(() => {
    setStatLoading(true);
    logStat(admin, query)
      .then(setStat, () => setStat(null))
      .finally(() => setStatLoading(false));
  }, [admin, query, list.generation]);

  const rows = list.rows;
  const listed = LOG_COLUMNS.filter((c) => admin || !ADMIN_COLUMNS.includes(c));

  return (
    <Card title={t('log.title')} className="gw-log-page">
      <LogSummary stat={stat} rows={rows} loading={statLoading} />
      <LogFilters
        isAdmin={admin}
        value={filters}
        type={type}
        onQuery={(f, ty) => list.search({ filters: f, type: ty })}
        onRefresh={list.reload}
        onColumns={() => setColumnsOpen(true)}
      />
      <LogTable
        rows={rows}
        isAdmin={admin}
        prefs={prefs}
        loading={list.loading}
        page={list.page}
        pageSize={list.pageSize}
        total={list.total}
        onUser={(id) => admin && setUserId(id)}
        onPage={list.changePage}
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
