import { useMemo } from 'react';
import { Avatar, Space, Tag, Tooltip, Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { LogType, PAGE_SIZES, renderQuota, type LogRecord } from '@gw/shared';
import { CellText, CellTime, copyText, DataTable, quotaDisplay, useStatus, type ColumnPrefs, type DataColumn } from '@gw/web';
import { hasDetails, LogExpand } from './LogExpand';
import { contentText, firstTokenTone, LOG_COLUMNS, LOG_TYPE_COLOR, logTypeKey, parseLogOther, retryText, showsUsage, requestTimeTone, type LogColumn, type LogOther } from './log-helpers';

type Row = LogRecord & { parsed: LogOther };
/** Arco's expand button column. */
const EXPAND_WIDTH = 40;

interface Props {
  rows: LogRecord[];
  loading: boolean;
  isAdmin: boolean;
  prefs: ColumnPrefs;
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number, size: number) => void;
  onUser: (id: number) => void;
}

/** The log table: admin-only columns, copy on click, coloured durations, expandable details. */
export function LogTable({ rows, loading, isAdmin, prefs, page, pageSize, total, onPage, onUser }: Props) {
  const { t, i18n } = useTranslation();
  const display = quotaDisplay(useStatus());
  const data = useMemo<Row[]>(() => rows.map((r) => ({ ...r, parsed: parseLogOther(r.other) })), [rows]);
  const copyTag = (text: string, color: string, cls: string) => (
    <Tooltip content={text}>
      <Tag color={color} className={cls} style={{ cursor: 'pointer' }} onClick={() => void copyText(text)}>
        {text}
      </Tag>
    </Tooltip>
  );

  const all: Record<LogColumn, DataColumn<Row>> = {
    time: { title: t('log.col_time'), width: 105, render: (_, r) => <CellTime seconds={r.created_at} /> },
    channel: {
      title: t('log.col_channel'),
      width: 70,
      render: (_, r) =>
        showsUsage(r.type) && r.channel ? (
          <Tooltip content={r.channel_name || undefined}>
            <Tag color="arcoblue">{r.channel}</Tag>
          </Tooltip>
        ) : null,
    },
    user: {
      title: t('log.col_user'),
      width: 110,
      render: (_, r) =>
        r.username ? (
          <span className="gw-log-user" role="button" style={{ cursor: 'pointer', display: 'inline-flex', alignItems: 'center', gap: 4, maxWidth: '100%' }} onClick={() => onUser(r.user_id)}>
            <Avatar size={22} style={{ backgroundColor: 'rgb(var(--primary-6))' }}>
              {r.username.slice(0, 1).toUpperCase()}
            </Avatar>
            <CellText text={r.username} />
          </span>
        ) : null,
    },
    token: { title: t('log.col_token'), width: 120, render: (_, r) => (showsUsage(r.type) && r.token_name ? copyTag(r.token_name, 'gray', 'gw-log-token') : null) },
    group: { title: t('log.col_group'), width: 100, render: (_, r) => (r.group || r.parsed.group ? (
          <Tooltip content={String(r.group || r.parsed.group)}>
            <Tag>{String(r.group || r.parsed.group)}</Tag>
          </Tooltip>
        ) : null) },
    type: { title: t('log.col_type'), width: 90, render: (_, r) => <Tag color={LOG_TYPE_COLOR[r.type] ?? 'gray'} className="gw-log-type-tag">{t(logTypeKey(r.type))}</Tag> },
    model: {
      title: t('log.col_model'),
      width: 160,
      render: (_, r) => {
        if (!showsUsage(r.type) || !r.model_name) return null;
        const tag = copyTag(r.model_name, 'blue', 'gw-log-model');
        const o = r.parsed;
        return o.is_model_mapped && o.upstream_model_name ? (
          <Tooltip content={t('log.mapped_tip', { model: r.model_name, upstream: o.upstream_model_name })}>
            <Space size={2} wrap>
              {tag}
              <Tag color="orange">→ {o.upstream_model_name}</Tag>
            </Space>
          </Tooltip>
        ) : (
          tag
        );
      },
    },
    use_time: {
      title: t('log.col_use_time'),
      width: 120,
      render: (_, r) => {
        if (!showsUsage(r.type)) return null;
        const frt = typeof r.parsed.frt === 'number' ? r.parsed.frt : null;
        return (
          <Space size={2} wrap>
            <Tag color={requestTimeTone(r.use_time)} className="gw-log-use-time">
              {t('log.seconds', { s: r.use_time })}
            </Tag>
            {r.is_stream && frt !== null && <Tag color={firstTokenTone(frt)}>{t('log.first_token', { s: (frt / 1000).toFixed(1) })}</Tag>}
            <Tag color={r.is_stream ? 'blue' : 'purple'}>{r.is_stream ? t('log.stream') : t('log.non_stream')}</Tag>
          </Space>
        );
      },
    },
    prompt: { title: t('log.col_prompt'), width: 80, render: (_, r) => (showsUsage(r.type) ? <span className="gw-log-prompt">{r.prompt_tokens}</span> : null) },
    completion: { title: t('log.col_completion'), width: 80, render: (_, r) => (showsUsage(r.type) ? <span className="gw-log-completion">{r.completion_tokens}</span> : null) },
    cost: { title: t('log.col_cost'), width: 100, render: (_, r) => (showsUsage(r.type) ? <span className="gw-log-cost">{renderQuota(r.quota, display, 6)}</span> : null) },
    // A retry happened when more than one channel was tried.
    retry: { title: t('log.col_retry'), width: 90, render: (_, r) => ((r.parsed.admin_info?.use_channel?.length ?? 0) > 1 ? retryText(r.parsed) : null) },
    details: {
      title: t('log.col_details'),
      width: 220,
      render: (_, r) => {
        const o = r.parsed;
        let text = contentText(r, o, display, t, (k) => i18n.exists(k));
        if (r.type === LogType.Consume) {
          const group = o.user_group_ratio ?? o.group_ratio ?? 1;
          text = typeof o.model_price === 'number' && o.model_price > 0 ? t('log.detail_price', { price: o.model_price, group }) : t('log.detail_ratio', { model: o.model_ratio ?? 0, group });
        }
        return text ? <Typography.Paragraph ellipsis={{ rows: 2, showTooltip: true }} style={{ marginBottom: 0 }}>{text}</Typography.Paragraph> : null;
      },
    },
  };

  const columns = LOG_COLUMNS.filter((c) => prefs[c]).map((c) => ({ ...all[c], key: c }));
  // Wide for administrators (every column): the table then scrolls sideways; no column is fixed over another.
  const width = columns.reduce((sum, c) => sum + Number(c.width ?? 100), EXPAND_WIDTH);
  return (
    <DataTable<Row>
      rowKey="id"
      className="gw-log-table"
      loading={loading}
      columns={columns}
      data={data}
      scroll={{ x: width }}
      expandedRowRender={(r) => <LogExpand row={r} other={r.parsed} isAdmin={isAdmin} display={display} />}
      expandProps={{ rowExpandable: (r) => hasDetails(r, r.parsed, isAdmin, display.quotaPerUnit) }}
      pagination={{ current: page, pageSize, total, sizeCanChange: true, sizeOptions: [...PAGE_SIZES], showTotal: true, onChange: onPage }}
    />
  );
}
