import { Button, Dropdown, Menu, Modal, Space, Switch } from '@arco-design/web-react';
import { IconDown, IconPlus, IconRefresh, IconSettings } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';

export type BulkAction = 'testAll' | 'updateBalances' | 'deleteDisabled' | 'fix';

interface Props {
  selected: number;
  idSort: boolean;
  tagMode: boolean;
  onIdSort: (v: boolean) => void;
  onTagMode: (v: boolean) => void;
  onAdd: () => void;
  onBatchDelete: () => void;
  onBatchTag: () => void;
  onBulk: (a: BulkAction) => void;
  onColumns: () => void;
  onRefresh: () => void;
}

const CONFIRM: Record<BulkAction, string> = {
  testAll: 'channel.confirm_test_all',
  updateBalances: 'channel.confirm_update_balances',
  deleteDisabled: 'channel.confirm_delete_disabled',
  fix: 'channel.confirm_fix',
};

/** Add, batch and whole-table operations, and the id-sort / tag-mode switches (both remembered). */
export function ChannelToolbar(p: Props) {
  const { t } = useTranslation();
  const bulk = (a: BulkAction) =>
    Modal.confirm({ title: t(`channel.bulk_${a}`), content: t(CONFIRM[a]), okButtonProps: { status: a === 'deleteDisabled' ? 'danger' : 'default' }, onOk: () => p.onBulk(a) });
  return (
    <Space wrap className="gw-channel-toolbar" style={{ margin: '12px 0' }}>
      <Button type="primary" icon={<IconPlus />} onClick={p.onAdd} className="gw-add-channel">
        {t('channel.add')}
      </Button>
      <Button status="danger" disabled={!p.selected} onClick={p.onBatchDelete} className="gw-batch-delete">
        {t('channel.batch_delete', { count: p.selected })}
      </Button>
      <Button disabled={!p.selected} onClick={p.onBatchTag} className="gw-batch-tag">
        {t('channel.batch_tag')}
      </Button>
      <Dropdown
        droplist={
          <Menu onClickMenuItem={(k) => bulk(k as BulkAction)}>
            {(['testAll', 'updateBalances', 'deleteDisabled', 'fix'] as const).map((a) => (
              <Menu.Item key={a} className={`gw-bulk-${a}`}>
                {t(`channel.bulk_${a}`)}
              </Menu.Item>
            ))}
          </Menu>
        }
      >
        <Button className="gw-bulk-menu">
          {t('channel.bulk')} <IconDown />
        </Button>
      </Dropdown>
      <Space size={4}>
        <Switch size="small" checked={p.idSort} onChange={p.onIdSort} className="gw-id-sort" />
        <span>{t('channel.id_sort')}</span>
      </Space>
      <Space size={4}>
        <Switch size="small" checked={p.tagMode} onChange={p.onTagMode} className="gw-tag-mode" />
        <span>{t('channel.tag_mode')}</span>
      </Space>
      <Button icon={<IconSettings />} onClick={p.onColumns} className="gw-columns-button">
        {t('columns.title')}
      </Button>
      <Button icon={<IconRefresh />} onClick={p.onRefresh}>
        {t('common.refresh')}
      </Button>
    </Space>
  );
}
