import { useState } from 'react';
import { Alert, Button, Card, Image, Modal, Progress, Tag, Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, renderQuota, type DrawingRecord } from '@gw/shared';
import { CellText, DataTable, isAdmin as isAdminUser, quotaDisplay, usePagedList, useStatus, useUser, type DataColumn } from '@gw/web';
import { listDrawings } from './task-log-api';
import { defaultDrawingRange, drawingActionKey, drawingQuery, elapsedSeconds, progressPercent, safeImageUrl, STATUS_COLOR, statusKey, type TaskLogFilters as Filters } from './task-log-helpers';
import { TaskLogFilters } from './TaskLogFilters';

const msTime = (ms: number) => (ms ? new Date(ms).toLocaleString() : '');

/** The drawing log (docs/console.md#drawing-log): Midjourney tasks with progress, image viewer and fail reasons. */
export function DrawingLogPage() {
  const { t } = useTranslation();
  const admin = isAdminUser(useUser());
  const status = useStatus();
  const display = quotaDisplay(status);
  const [preview, setPreview] = useState<string | null>(null);
  const [reason, setReason] = useState<string | null>(null);
  const list = usePagedList<Filters, DrawingRecord>({
    initialQuery: { ...defaultDrawingRange(Date.now()), id: '', channel: '' },
    load: ({ query, page, pageSize }) => listDrawings(admin, drawingQuery(query, admin), page, pageSize),
    deps: [admin],
  });

  const columns: DataColumn<DrawingRecord>[] = [
    { key: 'submit_time', title: t('tasklog.col_submit_time'), width: 170, render: (_, r) => <span className="gw-cell-time">{msTime(r.submit_time)}</span> },
    { key: 'duration', title: t('tasklog.col_duration'), width: 90, render: (_, r) => { const s = elapsedSeconds(r.submit_time, r.finish_time, true); return s === null ? null : t('tasklog.seconds', { s }); } },
    ...(admin ? [{ key: 'channel_id', title: t('tasklog.col_channel'), width: 80, render: (_: unknown, r: DrawingRecord) => <Tag color="arcoblue">{r.channel_id}</Tag> }] : []),
    { key: 'action', title: t('tasklog.col_action'), width: 110, render: (_, r) => { const k = drawingActionKey(r.action); return <Tag>{k ? t(k) : r.action}</Tag>; } },
    { key: 'mj_id', title: t('tasklog.col_mj_id'), width: 160, render: (_, r) => <CellText text={r.mj_id} /> },
    ...(admin ? [{ key: 'code', title: t('tasklog.col_code'), width: 80, render: (_: unknown, r: DrawingRecord) => <Tag color={r.code === 1 ? 'green' : r.code === 21 || r.code === 22 ? 'orange' : 'red'}>{r.code}</Tag> }] : []),
    { key: 'status', title: t('tasklog.col_status'), width: 100, render: (_, r) => <Tag color={STATUS_COLOR[r.status] ?? 'gray'} className="gw-tasklog-status">{t(statusKey(r.status))}</Tag> },
    { key: 'progress', title: t('tasklog.col_progress'), width: 140, render: (_, r) => <Progress className="gw-tasklog-progress" percent={progressPercent(r.progress)} status={r.status === 'FAILURE' ? 'error' : r.status === 'SUCCESS' ? 'success' : 'normal'} size="small" /> },
    {
      key: 'image',
      title: t('tasklog.col_image'),
      width: 90,
      render: (_, r) => {
        const src = safeImageUrl(r.image_url);
        return src ? (
          <Button type="text" size="mini" className="gw-tasklog-image" onClick={() => setPreview(src)}>
            {t('tasklog.view_image')}
          </Button>
        ) : null;
      },
    },
    { key: 'prompt', title: t('tasklog.col_prompt'), width: 200, render: (_, r) => <Typography.Paragraph copyable={!!r.prompt} ellipsis={{ rows: 2, showTooltip: true }} style={{ marginBottom: 0 }}>{r.prompt}</Typography.Paragraph> },
    { key: 'prompt_en', title: t('tasklog.col_prompt_en'), width: 200, render: (_, r) => <Typography.Paragraph ellipsis={{ rows: 2, showTooltip: true }} style={{ marginBottom: 0 }}>{r.prompt_en}</Typography.Paragraph> },
    {
      key: 'fail_reason',
      title: t('tasklog.col_fail_reason'),
      width: 160,
      render: (_, r) =>
        r.fail_reason ? (
          <Typography.Text className="gw-tasklog-fail" style={{ cursor: 'pointer' }} ellipsis onClick={() => setReason(r.fail_reason)}>
            {r.fail_reason}
          </Typography.Text>
        ) : null,
    },
    { key: 'quota', title: t('tasklog.col_quota'), width: 90, render: (_, r) => renderQuota(r.quota, display, 6) },
  ];
  const width = columns.reduce((sum, c) => sum + Number(c.width ?? 100), 0);

  return (
    <Card title={t('tasklog.drawing_title')} className="gw-drawing-page">
      {admin && !status.mj_notify_enabled && <Alert type="warning" className="gw-tasklog-notify-off" style={{ marginBottom: 12 }} content={t('tasklog.notify_off')} />}
      <TaskLogFilters isAdmin={admin} value={list.query} idLabel={t('tasklog.mj_id')} onQuery={list.search} onRefresh={list.reload} />
      <DataTable<DrawingRecord>
        rowKey="id"
        className="gw-drawing-table"
        loading={list.loading}
        columns={columns}
        data={list.rows}
        scroll={{ x: width }}
        pagination={{ current: list.page, pageSize: list.pageSize, total: list.total, sizeCanChange: true, sizeOptions: [...PAGE_SIZES], showTotal: true, onChange: list.changePage }}
      />
      <Image.Preview src={preview ?? ''} visible={preview !== null} onVisibleChange={(v) => !v && setPreview(null)} />
      <Modal title={t('tasklog.col_fail_reason')} visible={reason !== null} footer={null} onCancel={() => setReason(null)} className="gw-tasklog-fail-full">
        <Typography.Paragraph copyable style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {reason}
        </Typography.Paragraph>
      </Modal>
    </Card>
  );
}
