import { Button, Popconfirm, Space, Tag, Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, renderQuota, type RedemptionRecord } from '@gw/shared';
import { CellText, CellTime, copyText, DataTable, formatTimestamp, quotaDisplay, useStatus, type DataColumn } from '@gw/web';
import { rowActions, statusOf } from './redemption-form';

interface Props {
  rows: RedemptionRecord[];
  loading: boolean;
  page: number;
  pageSize: number;
  total: number;
  selected: number[];
  onSelect: (ids: number[]) => void;
  onPage: (page: number, size: number) => void;
  onEdit: (row: RedemptionRecord) => void;
  onStatus: (row: RedemptionRecord, status: 1 | 2) => void;
  onDelete: (row: RedemptionRecord) => void;
}

/** The paged code list with row selection (for batch disable); an exhausted gift code is greyed. */
export function RedemptionTable({ rows, loading, page, pageSize, total, selected, onSelect, onPage, onEdit, onStatus, onDelete }: Props) {
  const { t } = useTranslation();
  const display = quotaDisplay(useStatus());
  const time = (s: number) => (s ? formatTimestamp(s) : t('redemption.unset'));

  const columns: DataColumn<RedemptionRecord>[] = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    { title: t('redemption.name'), dataIndex: 'name', width: 180, card: 'title', render: (n: string) => <CellText text={n} /> },
    {
      title: t('redemption.status'),
      dataIndex: 'status',
      render: (_, row) => {
        const s = statusOf(row);
        return <Tag className="gw-redemption-status" color={s.color}>{t(s.key)}</Tag>;
      },
    },
    { title: t('redemption.quota'), dataIndex: 'quota', render: (q: number) => <Tag color="green">{renderQuota(q, display)}</Tag> },
    {
      title: t('redemption.uses'),
      render: (_, row) =>
        row.is_gift ? (
          <Tag color="purple">{`${row.used_count} / ${row.max_uses === -1 ? '∞' : row.max_uses}`}</Tag>
        ) : (
          <Typography.Text type="secondary">{row.used_user_id ? t('redemption.used_by', { id: row.used_user_id }) : '-'}</Typography.Text>
        ),
    },
    {
      title: t('redemption.validity'),
      render: (_, row) => (
        <Space direction="vertical" size={0} className="gw-small">
          <span>{`${t('redemption.valid_from')}: ${time(row.valid_from)}`}</span>
          <span>{`${t('redemption.valid_until')}: ${time(row.valid_until)}`}</span>
        </Space>
      ),
    },
    { title: t('redemption.created_time'), dataIndex: 'created_time', width: 110, render: (s: number) => <CellTime seconds={s} /> },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 250,
      render: (_, row) => {
        const can = rowActions(row);
        return (
          <Space wrap size={4}>
            <Button size="mini" type="outline" className="gw-action-copy" onClick={() => void copyText(row.key)}>
              {t('common.copy')}
            </Button>
            {can.disable && (
              <Button size="mini" status="warning" className="gw-action-disable" onClick={() => onStatus(row, 2)}>
                {t('redemption.disable')}
              </Button>
            )}
            {can.enable && (
              <Button size="mini" className="gw-action-enable" onClick={() => onStatus(row, 1)}>
                {t('redemption.enable')}
              </Button>
            )}
            {can.edit && (
              <Button size="mini" type="outline" className="gw-action-edit" onClick={() => onEdit(row)}>
                {t('common.edit')}
              </Button>
            )}
            <Popconfirm title={t('redemption.confirm_delete')} onOk={() => onDelete(row)}>
              <Button size="mini" status="danger" className="gw-action-delete">
                {t('common.delete')}
              </Button>
            </Popconfirm>
          </Space>
        );
      },
    },
  ];

  return (
    <DataTable<RedemptionRecord>
      rowKey="id"
      className="gw-redemption-table"
      loading={loading}
      columns={columns}
      data={rows}
      scroll={{ x: 1100 }}
      rowClassName={(row) => (statusOf(row).greyed ? 'gw-row-deactivated' : '')}
      rowSelection={{ type: 'checkbox', selectedRowKeys: selected, onChange: (keys) => onSelect(keys.map(Number)) }}
      pagination={{ current: page, pageSize, total, sizeCanChange: true, sizeOptions: [...PAGE_SIZES], showTotal: true, onChange: onPage }}
    />
  );
}
