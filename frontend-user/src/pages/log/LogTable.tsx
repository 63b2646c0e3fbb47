import { useMemo } from 'react';
import { Avatar, Space, Table, Tag, Tooltip, Typography, type TableColumnProps } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { LogType, PAGE_SIZES, renderQuota, type LogRecord } from '@gw/shared';
import { copyText, formatTimestamp, quotaDisplay, useStatus, type ColumnPrefs } from '@gw/web';
import { hasDetails, LogExpand } from './LogExpand';
import { contentText, firstTokenTone, LOG_COLUMNS, LOG_TYPE_COLOR, logTypeKey, parseLogOther, retryText, showsUsage, requestTimeTone, type LogColumn, type LogOther } from './log-helpers';

type Row = LogRecord & { parsed: LogOther };

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
    <Tag color={color} className={cls} style={{ cursor: 'pointer' }} onClick={() => void copyText(text)}>
      {text}
    </Tag>
  );

  const all: Record<LogColumn, TableColumnProps<Row>> = {
    time: { title: t('log.col_time'), width: 170, render: (_, r) => formatTimestamp(r.created_at) },
    channel: {
      title: t('log.col_channel'),
      render: (_, r) =>
        showsUsage(r.type) && r.channel ? (
          <Tooltip content={r.channel_name || undefined}>
            <Tag color="arcoblue">{r.channel}</Tag>
          </Tooltip>
        ) : null,
    },
    user: {
      title: t('log.col_user'),
      render: (_, r) =>
        r.username ? (
          <span className="gw-log-user" role="button" style={{ cursor: 'pointer', display: 'inline-flex', alignItems: 'center', gap: 4 }} onClick={() => onUser(r.user_id)}>
            <Avatar size={22} style={{ backgroundColor: 'rgb(var(--primary-6))' }}>
              {r.username.slice(0, 1).toUpperCase()}
            </Avatar>
            <span>{r.username}</span>
          </span>
        ) : null,
    },
    token: { title: t('log.col_token'), render: (_, r) => (showsUsage(r.type) && r.token_name ? copyTag(r.token_name, 'gray', 'gw-log-token') : null) },
    group: { title: t('log.col_group'), render: (_, r) => (r.group || r.parsed.group ? <Tag>{String(r.group || r.parsed.group)}</Tag> : null) },
    type: { title: t('log.col_type'), render: (_, r) => <Tag color={LOG_TYPE_COLOR[r.type] ?? 'gray'} className="gw-log-type-tag">{t(logTypeKey(r.type))}</Tag> },
    model: {
      title: t('log.col_model'),
      render: (_, r) => {
        if (!showsUsage(r.type) || !r.model_name) return null;
        const tag = copyTag(r.model_name, 'blue', 'gw-log-model');
        const o = r.parsed;
        return o.is_model_mapped && o.upstream_model_name ? (
          <Tooltip content={t('log.mapped_tip', { model: r.model_name, upstream: o.upstream_model_name })}>
            <Space size={2}>
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
      render: (_, r) => {
        if (!showsUsage(r.type)) return null;
        const frt = typeof r.parsed.frt === 'number' ? r.parsed.frt : null;
        return (
          <Space size={2}>
            <Tag color={requestTimeTone(r.use_time)} className="gw-log-use-time">
              {t('log.seconds', { s: r.use_time })}
            </Tag>
            {r.is_stream && frt !== null && <Tag color={firstTokenTone(frt)}>{t('log.first_token', { s: (frt / 1000).toFixed(1) })}</Tag>}
            <Tag color={r.is_stream ? 'blue' : 'purple'}>{r.is_stream ? t('log.stream') : t('log.non_stream')}</Tag>
          </Space>
        );
      },
    },
    prompt: { title: t('log.col_prompt'), render: (_, r) => (showsUsage(r.type) ? <span className="gw-log-prompt">{r.prompt_tokens}</span> : null) },
    completion: { title: t('log.col_completion'), render: (_, r) => (showsUsage(r.type) ? <span className="gw-log-completion">{r.completion_tokens}</span> : null) },
    cost: { title: t('log.col_cost'), render: (_, r) => (showsUsage(r.type) ? <span className="gw-log-cost">{renderQuota(r.quota, display, 6)}</span> : null) },
    // A retry happened when more than one channel was tried.
    retry: { title: t('log.col_retry'), render: (_, r) => ((r.parsed.admin_info?.use_channel?.length ?? 0) > 1 ? retryText(r.parsed) : null) },
    details: {
      title: t('log.col_details'),
      width: 280,
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
  return (
    <Table<Row>
      rowKey="id"
      className="gw-log-table"
      loading={loading}
      columns={columns}
      data={data}
      scroll={{ x: 1300 }}
      expandedRowRender={(r) => <LogExpand row={r} other={r.parsed} isAdmin={isAdmin} display={display} />}
      expandProps={{ rowExpandable: (r) => hasDetails(r, r.parsed, isAdmin, display.quotaPerUnit) }}
      pagination={{ current: page, pageSize, total, sizeCanChange: true, sizeOptions: [...PAGE_SIZES], showTotal: true, onChange: onPage }}
    />
  );
}
