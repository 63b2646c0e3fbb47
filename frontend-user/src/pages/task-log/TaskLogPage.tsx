import { useState } from 'react';
import { Card, Drawer, Progress, Tag, Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, renderQuota, type TaskRecord } from '@gw/shared';
import { CellText, CellTime, DataTable, isAdmin as isAdminUser, quotaDisplay, usePagedList, useStatus, useUser, type DataColumn } from '@gw/web';
import { listTasks } from './task-log-api';
import { defaultTaskRange, elapsedSeconds, prettyJson, progressPercent, STATUS_COLOR, statusKey, taskActionKey, taskQuery, type TaskLogFilters as Filters } from './task-log-helpers';
import { TaskLogFilters } from './TaskLogFilters';

/** The task log (docs/console.md#task-log): Suno tasks with circular progress; a click shows the full record. */
export function TaskLogPage() {
  const { t } = useTranslation();
  const admin = isAdminUser(useUser());
  const display = quotaDisplay(useStatus());
  const [open, setOpen] = useState<TaskRecord | null>(null);
  const list = usePagedList<Filters, TaskRecord>({
    initialQuery: { ...defaultTaskRange(Date.now()), id: '', channel: '' },
    load: ({ query, page, pageSize }) => listTasks(admin, taskQuery(query, admin), page, pageSize),
    deps: [admin],
  });

  const columns: DataColumn<TaskRecord>[] = [
    { key: 'submit_time', title: t('tasklog.col_submit_time'), width: 170, render: (_, r) => <CellTime seconds={r.submit_time} /> },
    { key: 'finish_time', title: t('tasklog.col_finish_time'), width: 170, render: (_, r) => (r.finish_time ? <CellTime seconds={r.finish_time} /> : null) },
    { key: 'duration', title: t('tasklog.col_duration'), width: 90, render: (_, r) => { const s = elapsedSeconds(r.submit_time, r.finish_time, false); return s === null ? null : t('tasklog.seconds', { s }); } },
    ...(admin ? [{ key: 'channel_id', title: t('tasklog.col_channel'), width: 80, render: (_: unknown, r: TaskRecord) => <Tag color="arcoblue">{r.channel_id}</Tag> }] : []),
    { key: 'platform', title: t('tasklog.col_platform'), width: 90, render: (_, r) => <Tag color="purple">{r.platform}</Tag> },
    { key: 'action', title: t('tasklog.col_action'), width: 100, render: (_, r) => { const k = taskActionKey(r.action); return <Tag>{k ? t(k) : r.action}</Tag>; } },
    { key: 'task_id', title: t('tasklog.col_task_id'), width: 200, render: (_, r) => <CellText text={r.task_id} /> },
    { key: 'status', title: t('tasklog.col_status'), width: 100, render: (_, r) => <Tag color={STATUS_COLOR[r.status] ?? 'gray'} className="gw-tasklog-status">{t(statusKey(r.status))}</Tag> },
    {
      key: 'progress',
      title: t('tasklog.col_progress'),
      width: 90,
      render: (_, r) => <Progress className="gw-tasklog-progress" type="circle" size="small" percent={progressPercent(r.progress)} status={r.status === 'FAILURE' ? 'error' : r.status === 'SUCCESS' ? 'success' : 'normal'} />,
    },
    { key: 'fail_reason', title: t('tasklog.col_fail_reason'), width: 180, render: (_, r) => (r.fail_reason ? <Typography.Paragraph ellipsis={{ rows: 2, showTooltip: true }} style={{ marginBottom: 0 }}>{r.fail_reason}</Typography.Paragraph> : null) },
    { key: 'quota', title: t('tasklog.col_quota'), width: 90, render: (_, r) => renderQuota(r.quota, display, 6) },
  ];
  const width = columns.reduce((sum, c) => sum + Number(c.width ?? 100), 0);

  return (
    <Card title={t('tasklog.task_title')} className="gw-task-page">
      <TaskLogFilters isAdmin={admin} value={list.query} idLabel={t('tasklog.task_id')} onQuery={list.search} onRefresh={list.reload} />
      <DataTable<TaskRecord>
        rowKey="id"
        className="gw-task-table"
        loading={list.loading}
        columns={columns}
        data={list.rows}
        scroll={{ x: width }}
        onRow={(r) => ({ onClick: () => setOpen(r), style: { cursor: 'pointer' } })}
        pagination={{ current: list.page, pageSize: list.pageSize, total: list.total, sizeCanChange: true, sizeOptions: [...PAGE_SIZES], showTotal: true, onChange: list.changePage }}
      />
      <Drawer width={560} title={open?.task_id ?? ''} visible={open !== null} footer={null} onCancel={() => setOpen(null)} className="gw-task-record">
        {open && (
          <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontSize: 12 }}>
            {JSON.stringify({ ...open, properties: tryParse(open.properties), data: tryParse(open.data) }, null, 2)}
          </pre>
        )}
      </Drawer>
    </Card>
  );
}

function tryParse(text: string): unknown {
  const pretty = prettyJson(text);
  try {
    return JSON.parse(pretty) as unknown;
  } catch {
    return text;
  }
}
