import { useMemo, useState } from 'react';
import { Button, Empty, Message, Space, Table } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { api, useRequest } from '@gw/web';
import type { TabProps } from '../tabs/SectionsTab';
import { BatchSetModal } from './BatchSetModal';
import { applyBatch, parseMaps, unsetModels, type BatchMode } from './pricing';
import { saveMaps } from './save-maps';

/** Enabled models without a price or ratio, with batch set. */
export function UnsetModels({ options, reload }: TabProps) {
  const { t } = useTranslation();
  const maps = useMemo(() => parseMaps(options), [options]);
  // Until the channel module lists enabled models, a missing endpoint means "none".
  const { data: enabled = [], loading } = useRequest(() => api.get<string[]>('/api/channel/models_enabled', { on404: [] }).catch(() => []));
  const models = useMemo(() => unsetModels(Array.isArray(enabled) ? enabled : [], maps), [enabled, maps]);
  const [selected, setSelected] = useState<string[]>([]);
  const [batch, setBatch] = useState(false);

  const apply = async (mode: BatchMode, value: number, completion?: number) => {
    const saved = await saveMaps(maps, applyBatch(maps, selected, mode, value, completion));
    if (saved) {
      setBatch(false);
      setSelected([]);
      reload();
    }
  };

  return (
    <div className="gw-unset-models">
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" onClick={() => (selected.length ? setBatch(true) : Message.error(t('pricing.batch_select_first')))}>
          {t('pricing.batch_set')}
        </Button>
      </Space>
      <Table
        rowKey="name"
        loading={loading}
        columns={[{ title: t('pricing.col_name'), dataIndex: 'name' }]}
        data={models.map((name) => ({ name }))}
        noDataElement={<Empty description={t('pricing.unset_empty')} />}
        rowSelection={{ type: 'checkbox', selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
        pagination={{ pageSize: 10 }}
      />
      <BatchSetModal visible={batch} selected={selected.length} onCancel={() => setBatch(false)} onApply={(m, v, c) => void apply(m, v, c)} />
    </div>
  );
}
