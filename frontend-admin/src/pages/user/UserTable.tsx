import { Button, Modal, Popconfirm, Space, Tag, Tooltip, Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, renderQuota, type UserManageAction, type UserView } from '@gw/shared';
import { CellText, DataTable, quotaDisplay, roleColor, roleKey, useStatus, userStatusColor, userStatusKey, type DataColumn } from '@gw/web';
import { rowActions } from './user-actions';

interface Props {
  rows: UserView[];
  loading: boolean;
  page: number;
  pageSize: number;
  total: number;
  myRole: number;
  onPage: (page: number, size: number) => void;
  onEdit: (id: number) => void;
  onManage: (row: UserView, action: UserManageAction) => void;
}

/** The paged user list; a deactivated user is greyed and offers no actions. */
export function UserTable({ rows, loading, page, pageSize, total, myRole, onPage, onEdit, onManage }: Props) {
  const { t } = useTranslation();
  const display = quotaDisplay(useStatus());
  const q = (n: number) => renderQuota(n, display);

  const confirmDelete = (row: UserView) =>
    Modal.confirm({
      title: t('users.delete_title'),
      content: t('users.delete_content', { name: row.username }),
      okButtonProps: { status: 'danger' },
      okText: t('common.delete'),
      onOk: () => onManage(row, 'delete'),
    });

  const confirmed = (row: UserView, action: UserManageAction, label: string, question: string, danger = false) => (
    <Popconfirm key={action} title={question} onOk={() => onManage(row, action)}>
      <Button size="mini" type="secondary" status={danger ? 'warning' : 'default'} className={`gw-action-${action}`}>
        {label}
      </Button>
    </Popconfirm>
  );

  const columns: DataColumn<UserView>[] = [
    { title: t('users.col_id'), dataIndex: 'id', width: 70 },
    {
      title: t('users.col_username'),
      dataIndex: 'username',
      width: 170,
      card: 'title',
      render: (_, row) => (
        <Tooltip content={row.remark || undefined} disabled={!row.remark}>
          <div className="gw-user-names">
            <CellText text={row.username} className="gw-username" />
            {row.display_name && <CellText text={row.display_name} className="gw-small" />}
          </div>
        </Tooltip>
      ),
    },
    { title: t('users.col_group'), dataIndex: 'group', width: 110, render: (g: string) => (
        <Tooltip content={g}>
          <Tag>{g}</Tag>
        </Tooltip>
      ) },
    {
      title: t('users.col_stats'),
      render: (_, row) => (
        <Space wrap size={4}>
          <Tooltip content={t('users.remaining')}>
            <Tag color="green">{q(row.quota)}</Tag>
          </Tooltip>
          <Tooltip content={t('users.used')}>
            <Tag color="arcoblue">{q(row.used_quota)}</Tag>
          </Tooltip>
          <Tooltip content={t('users.requests')}>
            <Tag color="cyan">{row.request_count}</Tag>
          </Tooltip>
        </Space>
      ),
    },
    {
      title: t('users.col_invite'),
      render: (_, row) => (
        <Space direction="vertical" size={0} className="gw-small">
          <span>{t('users.invited', { count: row.aff_count })}</span>
          <span>{t('users.invite_quota', { quota: q(row.aff_history_quota) })}</span>
          {row.inviter_id ? <span>{t('users.inviter', { id: row.inviter_id })}</span> : null}
        </Space>
      ),
    },
    { title: t('users.col_role'), dataIndex: 'role', render: (r: number) => <Tag color={roleColor(r)}>{t(roleKey(r))}</Tag> },
    {
      title: t('users.col_status'),
      dataIndex: 'status',
      render: (s: number, row) => (
        <Tag className="gw-user-status" color={userStatusColor(s, !!row.DeletedAt)}>
          {t(userStatusKey(s, !!row.DeletedAt))}
        </Tag>
      ),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 320,
      render: (_, row) => {
        if (row.DeletedAt) return <Typography.Text type="secondary">{t('users.deactivated')}</Typography.Text>;
        const can = rowActions(row, myRole);
        return (
          <Space wrap size={4}>
            {can.promote && confirmed(row, 'promote', t('users.promote'), t('users.confirm_promote'))}
            {can.demote && confirmed(row, 'demote', t('users.demote'), t('users.confirm_demote'))}
            {can.disable && confirmed(row, 'disable', t('users.disable'), t('users.confirm_disable'), true)}
            {can.enable && confirmed(row, 'enable', t('users.enable'), t('users.confirm_enable'))}
            {can.edit && (
              <Button size="mini" type="outline" className="gw-action-edit" onClick={() => onEdit(row.id)}>
                {t('common.edit')}
              </Button>
            )}
            {can.delete && (
              <Button size="mini" status="danger" className="gw-action-delete" onClick={() => confirmDelete(row)}>
                {t('common.delete')}
              </Button>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <DataTable<UserView>
      rowKey="id"
      className="gw-user-table"
      loading={loading}
      columns={columns}
      data={rows}
      scroll={{ x: 1000 }}
      rowClassName={(row) => (row.DeletedAt ? 'gw-row-deactivated' : '')}
      pagination={{
        current: page,
        pageSize,
        total,
        sizeCanChange: true,
        sizeOptions: [...PAGE_SIZES],
        showTotal: true,
        onChange: onPage,
      }}
    />
  );
}
