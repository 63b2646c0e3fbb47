import { useState } from 'react';
import { Button, DatePicker, Input, Space } from '@arco-design/web-react';
import { IconRefresh, IconSearch } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import type { TaskLogFilters as Filters } from './task-log-helpers';

interface Props {
  isAdmin: boolean;
  value: Filters;
  /** The id field's placeholder (drawing id or task id). */
  idLabel: string;
  onQuery: (f: Filters) => void;
  onRefresh: () => void;
}

const FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** Start and end time, the task id, and for admins the channel id. */
export function TaskLogFilters({ isAdmin, value, idLabel, onQuery, onRefresh }: Props) {
  const { t } = useTranslation();
  const [f, setF] = useState<Filters>(value);
  const set = (patch: Partial<Filters>) => setF((cur) => ({ ...cur, ...patch }));
  const ms = (d: { valueOf(): number } | undefined) => (d ? d.valueOf() : undefined);
  return (
    <Space wrap className="gw-tasklog-filters" style={{ marginBottom: 12 }}>
      <DatePicker showTime format={FORMAT} value={f.start} placeholder={t('tasklog.start_time')} onChange={(_, d) => set({ start: ms(d) })} />
      <DatePicker showTime format={FORMAT} value={f.end} placeholder={t('tasklog.end_time')} onChange={(_, d) => set({ end: ms(d) })} />
      <Input allowClear value={f.id} onChange={(v) => set({ id: v })} placeholder={idLabel} style={{ width: 200 }} className="gw-tasklog-id" onPressEnter={() => onQuery(f)} />
      {isAdmin && (
        <Input allowClear value={f.channel} onChange={(v) => set({ channel: v })} placeholder={t('tasklog.channel_id')} style={{ width: 110 }} className="gw-tasklog-channel" onPressEnter={() => onQuery(f)} />
      )}
      <Button type="primary" icon={<IconSearch />} onClick={() => onQuery(f)} className="gw-tasklog-query">
        {t('tasklog.query')}
      </Button>
      <Button icon={<IconRefresh />} onClick={onRefresh}>
        {t('common.refresh')}
      </Button>
    </Space>
  );
}
