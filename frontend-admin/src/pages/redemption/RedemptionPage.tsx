import { useState } from 'react';
import { Button, Card, Input, Message, Popconfirm, Space } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { RedemptionRecord } from '@gw/shared';
import { api, toListResult, usePagedList, withQuery } from '@gw/web';
import { DeleteByNameModal } from './DeleteByNameModal';
import { NewCodesModal } from './NewCodesModal';
import { RedemptionDrawer } from './RedemptionDrawer';
import { RedemptionTable } from './RedemptionTable';

/** Redemption codes (docs/redemption.md): search, table, create/edit drawer, bulk actions, copy of new codes. */
export function RedemptionPage() {
  const { t } = useTranslation();
  const list = usePagedList({
    initialQuery: '',
    load: async ({ query, page, pageSize }) => {
      const paging = { p: page - 1, page_size: pageSize };
      const url = query ? withQuery('/api/redemption/search', { keyword: query, ...paging }) : withQuery('/api/redemption/', paging);
      return toListResult<RedemptionRecord>(await api.get<unknown>(url));
    },
    onError: 'keep',
  });
  const [keyword, setKeyword] = useState('');
  const [target, setTarget] = useState<RedemptionRecord | 'new' | null>(null);
  const [newKeys, setNewKeys] = useState<string[]>([]);
  const [byName, setByName] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);

  const run = async (work: () => Promise<unknown>, success = t('common.success')) => {
    try {
      await work();
      Message.success(success);
      list.reload();
    } catch {
      /* reported */
    }
  };
  const setStatus = (row: RedemptionRecord, status: 1 | 2) => run(() => api.put('/api/redemption/?status_only=true', { id: row.id, status }));
  const remove = (row: RedemptionRecord) => run(() => api.del(`/api/redemption/${row.id}/`));
  const disableSelected = () =>
    run(async () => {
      await api.put('/api/redemption/batch-disable', { ids: selected });
      setSelected([]);
    });
  const deleteInvalid = () =>
    run(async () => {
      const n = await api.del<number>('/api/redemption/delete-disabled');
      Message.info(t('redemption.deleted_count', { count: n }));
    });

  return (
    <Card title={t('redemption.title')} className="gw-redemption-page">
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          className="gw-redemption-search"
          placeholder={t('redemption.search_placeholder')}
          value={keyword}
          onChange={setKeyword}
          onSearch={(v) => list.search(v.trim())}
          style={{ width: 280 }}
        />
        <Button type="primary" className="gw-redemption-add" onClick={() => setTarget('new')}>
          {t('redemption.add')}
        </Button>
        <Button disabled={selected.length === 0} className="gw-redemption-batch-disable" onClick={() => void disableSelected()}>
          {t('redemption.batch_disable', { count: selected.length })}
        </Button>
        <Popconfirm title={t('redemption.confirm_delete_invalid')} onOk={() => void deleteInvalid()}>
          <Button status="warning" className="gw-redemption-delete-invalid">
            {t('redemption.delete_invalid')}
          </Button>
        </Popconfirm>
        <Button status="danger" className="gw-redemption-delete-by-name" onClick={() => setByName(true)}>
          {t('redemption.delete_by_name')}
        </Button>
      </Space>
      <RedemptionTable
        rows={list.rows}
        loading={list.loading}
        page={list.page}
        pageSize={list.pageSize}
        total={list.total}
        selected={selected}
        onSelect={setSelected}
        onPage={list.changePage}
        onEdit={setTarget}
        onStatus={(row, s) => void setStatus(row, s)}
        onDelete={(row) => void remove(row)}
      />
      <RedemptionDrawer target={target} onClose={() => setTarget(null)} onSaved={list.reload} onCreated={setNewKeys} />
      <NewCodesModal keys={newKeys} onClose={() => setNewKeys([])} />
      <DeleteByNameModal visible={byName} onClose={() => setByName(false)} onDeleted={list.reload} />
    </Card>
  );
}
