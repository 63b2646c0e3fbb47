import { Button, Popconfirm, Space, Tag, Tooltip, Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, renderQuota, TokenStatus, withKeyPrefix, type TokenRecord } from '@gw/shared';
import { CellText, CellTime, DataTable, quotaDisplay, useStatus, type DataColumn } from '@gw/web';
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
  const columns: DataColumn<TokenRecord>[] = [
    { title: t('token.col_name'), dataIndex: 'name', width: 120, render: (n: string) => <CellText text={n} className="gw-token-name" /> },
    {
      title: t('token.col_key'),
      dataIndex: 'key',
      width: 170,
      render: (key: string) => (
        <CellText text={maskKey(key)} copy={withKeyPrefix(key)} copiedText={t('token.key_copied')} copyClassName="gw-token-copy">
          <code className="gw-token-key">{maskKey(key)}</code>
        </CellText>
      ),
    },
    {
      title: t('token.col_status'),
      dataIndex: 'status',
      width: 100,
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
    { title: t('token.col_group'), dataIndex: 'group', width: 90, render: (g: string) => (g ? <Tag>{g}</Tag> : <Typography.Text type="secondary">{t('token.group_default')}</Typography.Text>) },
    { title: t('token.col_used'), dataIndex: 'used_quota', width: 80, render: (n: number) => q(n) },
    {
      title: t('token.col_remaining'),
      dataIndex: 'remain_quota',
      width: 100,
      render: (n: number, row) => (row.unlimited_quota ? <Tag color="arcoblue">{t('token.unlimited')}</Tag> : <Tag color={n > 0 ? 'green' : 'red'}>{q(n)}</Tag>),
    },
    { title: t('token.col_created'), dataIndex: 'created_time', width: 100, render: (s: number) => <CellTime seconds={s} /> },
    { title: t('token.col_accessed'), dataIndex: 'accessed_time', width: 100, render: (s: number) => <CellTime seconds={s} /> },
    { title: t('token.col_expiry'), dataIndex: 'expired_time', width: 100, render: (s: number) => (s === -1 ? t('token.never') : <CellTime seconds={s} />) },
    {
      key: 'actions',
      title: t('common.actions'),
      fixed: 'right',
      width: 200,
      render: (_, row) => {
        const next = toggledStatus(row.status);
        return (
          <Space size={4} wrap>
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
    <DataTable<TokenRecord>
      rowKey="id"
      className="gw-token-table"
      loading={loading}
      columns={columns}
      data={rows}
      scroll={{ x: 1160 }}
      pagination={{ current: page, pageSize, total, sizeCanChange: true, sizeOptions: [...PAGE_SIZES], showTotal: true, onChange: onPage }}
    />
  );
}
