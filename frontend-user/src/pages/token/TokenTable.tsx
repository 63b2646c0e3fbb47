import { Button, Popconfirm, Space, Table, Tag, Tooltip, Typography, type TableColumnProps } from '@arco-design/web-react';
import { IconCopy } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, renderQuota, TokenStatus, withKeyPrefix, type TokenRecord } from '@gw/shared';
import { copyText, formatTimestamp, quotaDisplay, useStatus } from '@gw/web';
import { ChatLinkButton } from '../chat/ChatLinkButton';
import { maskKey, tokenStatusDisplay, toggledStatus } from './token-helpers';

interface Props {
  rows: TokenRecord[];
  loading: boolean;
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number, size: number) => void;
  onToggle: (row: TokenRecord) => void;
  onEdit: (id: number) => void;
  onDelete: (row: TokenRecord) => void;
}

/** The token list: status, quotas, times and the masked key with a copy button. */
export function TokenTable({ rows, loading, page, pageSize, total, onPage, onToggle, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  const display = quotaDisplay(useStatus());
  const q = (n: number) => renderQuota(n, display);
  const columns: TableColumnProps<TokenRecord>[] = [
    { title: t('token.col_name'), dataIndex: 'name', render: (n: string) => <span className="gw-token-name">{n}</span> },
    {
      title: t('token.col_key'),
      dataIndex: 'key',
      render: (key: string) => (
        <Space size={4}>
          <code className="gw-token-key">{maskKey(key)}</code>
          <Button size="mini" icon={<IconCopy />} className="gw-token-copy" onClick={() => void copyText(withKeyPrefix(key), t('token.key_copied'))} />
        </Space>
      ),
    },
    {
      title: t('token.col_status'),
      dataIndex: 'status',
      render: (_, row) => {
        const s = tokenStatusDisplay(row);
        const tag = (
          <Tag color={s.color} className="gw-token-status">
            {t(s.key)}
          </Tag>
        );
        return row.model_limits_enabled && row.status === TokenStatus.Enabled ? <Tooltip content={row.model_limits}>{tag}</Tooltip> : tag;
      },
    },
    { title: t('token.col_group'), dataIndex: 'group', render: (g: string) => (g ? <Tag>{g}</Tag> : <Typography.Text type="secondary">{t('token.group_default')}</Typography.Text>) },
    { title: t('token.col_used'), dataIndex: 'used_quota', render: (n: number) => q(n) },
    {
      title: t('token.col_remaining'),
      dataIndex: 'remain_quota',
      render: (n: number, row) => (row.unlimited_quota ? <Tag color="arcoblue">{t('token.unlimited')}</Tag> : <Tag color={n > 0 ? 'green' : 'red'}>{q(n)}</Tag>),
    },
    { title: t('token.col_created'), dataIndex: 'created_time', render: (s: number) => formatTimestamp(s) },
    { title: t('token.col_accessed'), dataIndex: 'accessed_time', render: (s: number) => formatTimestamp(s) },
    { title: t('token.col_expiry'), dataIndex: 'expired_time', render: (s: number) => (s === -1 ? t('token.never') : formatTimestamp(s)) },
    {
      title: t('common.actions'),
      fixed: 'right',
      width: 280,
      render: (_, row) => {
        const next = toggledStatus(row.status);
        return (
          <Space size={4}>
            <ChatLinkButton tokenKey={row.key} />
            {next !== null && (
              <Button size="mini" status={next === TokenStatus.Disabled ? 'warning' : 'success'} className="gw-token-toggle" onClick={() => onToggle(row)}>
                {next === TokenStatus.Disabled ? t('token.disable') : t('token.enable')}
              </Button>
            )}
            <Button size="mini" type="outline" className="gw-token-edit" onClick={() => onEdit(row.id)}>
              {t('common.edit')}
            </Button>
            <Popconfirm title={t('token.delete_confirm', { name: row.name })} onOk={() => onDelete(row)}>
              <Button size="mini" status="danger" className="gw-token-delete">
                {t('common.delete')}
              </Button>
            </Popconfirm>
          </Space>
        );
      },
    },
  ];
  return (
    <Table<TokenRecord>
      rowKey="id"
      className="gw-token-table"
      loading={loading}
      columns={columns}
      data={rows}
      scroll={{ x: 1200 }}
      pagination={{ current: page, pageSize, total, sizeCanChange: true, sizeOptions: [...PAGE_SIZES], showTotal: true, onChange: onPage }}
    />
  );
}
