import { useEffect, useState } from 'react';
import { Button, DatePicker, Input, Select, Space } from '@arco-design/web-react';
import { IconRefresh, IconSearch, IconSettings } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { LOG_TYPE_OPTIONS, type LogFilters as Filters } from './log-helpers';

interface Props {
  isAdmin: boolean;
  value: Filters;
  type: number;
  onQuery: (f: Filters, type: number) => void;
  onRefresh: () => void;
  onColumns: () => void;
}

function useNarrow(): boolean {
  const query = '(max-width: 768px)';
  const [narrow, setNarrow] = useState(() => typeof window !== 'undefined' && window.matchMedia?.(query).matches);
  useEffect(() => {
    const m = window.matchMedia?.(query);
    if (!m) return;
    const on = () => setNarrow(m.matches);
    m.addEventListener('change', on);
    return () => m.removeEventListener('change', on);
  }, []);
  return !!narrow;
}

const FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** Time range (two pickers on mobile), token, model, group; admins also channel id and username; type. */
export function LogFilters({ isAdmin, value, type, onQuery, onRefresh, onColumns }: Props) {
  const { t } = useTranslation();
  const narrow = useNarrow();
  const [f, setF] = useState<Filters>(value);
  const [logType, setLogType] = useState(type);
  const set = (patch: Partial<Filters>) => setF((cur) => ({ ...cur, ...patch }));
  const ms = (d: { valueOf(): number } | undefined) => (d ? d.valueOf() : undefined);
  const text = (field: 'token_name' | 'model_name' | 'group' | 'channel' | 'username', label: string, width = 160) => (
    <Input allowClear value={f[field]} onChange={(v) => set({ [field]: v })} placeholder={label} style={{ width }} className={`gw-log-${field}`} onPressEnter={() => onQuery(f, logType)} />
  );
  return (
    <Space wrap className="gw-log-filters" style={{ marginBottom: 12 }}>
      {narrow ? (
        <>
          <DatePicker showTime format={FORMAT} value={f.start} placeholder={t('log.start_time')} onChange={(_, d) => set({ start: ms(d) })} />
          <DatePicker showTime format={FORMAT} value={f.end} placeholder={t('log.end_time')} onChange={(_, d) => set({ end: ms(d) })} />
        </>
      ) : (
        <DatePicker.RangePicker
          showTime
          format={FORMAT}
          style={{ width: 380 }}
          value={f.start !== undefined && f.end !== undefined ? [f.start, f.end] : undefined}
          onChange={(_, d) => set({ start: ms(d?.[0]), end: ms(d?.[1]) })}
          className="gw-log-range"
        />
      )}
      {text('token_name', t('log.token_name'))}
      {text('model_name', t('log.model_name'))}
      {text('group', t('log.group'), 120)}
      {isAdmin && text('channel', t('log.channel_id'), 110)}
      {isAdmin && text('username', t('log.username'), 140)}
      <Select
        value={logType}
        onChange={(v: number) => {
          setLogType(v);
          onQuery(f, v);
        }}
        style={{ width: 120 }}
        className="gw-log-type"
        options={LOG_TYPE_OPTIONS.map((o) => ({ value: o.value, label: t(o.key) }))}
      />
      <Button type="primary" icon={<IconSearch />} onClick={() => onQuery(f, logType)} className="gw-log-query">
        {t('log.query')}
      </Button>
      <Button icon={<IconRefresh />} onClick={onRefresh}>
        {t('common.refresh')}
      </Button>
      <Button icon={<IconSettings />} onClick={onColumns} className="gw-columns-button">
        {t('columns.title')}
      </Button>
    </Space>
  );
}
