import { useEffect, useState } from 'react';
import { Button, Checkbox, Empty, Input, Modal, Space } from '@arco-design/web-react';
import { IconSearch } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';

interface Props {
  /** Models fetched from the upstream; null closes the dialog. */
  models: string[] | null;
  current: string[];
  onOk: (next: string[]) => void;
  onCancel: () => void;
}

/** Advanced model picker: choose among fetched models; models not in the fetched list are kept. */
export function ModelPickerModal({ models, current, onOk, onCancel }: Props) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  useEffect(() => {
    if (models) setPicked(models.filter((m) => current.includes(m)));
    setSearch('');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [models]);
  const list = models ?? [];
  const shown = list.filter((m) => m.toLowerCase().includes(search.trim().toLowerCase()));
  const ok = () => onOk([...new Set([...current.filter((m) => !list.includes(m)), ...picked])]);
  return (
    <Modal visible={!!models} title={t('channel.pick_models_title', { count: list.length })} onOk={ok} onCancel={onCancel} className="gw-model-picker" style={{ width: 680 }}>
      <Space style={{ marginBottom: 12 }} wrap>
        <Input allowClear prefix={<IconSearch />} value={search} onChange={setSearch} placeholder={t('channel.search_model')} style={{ width: 260 }} />
        <Button size="small" onClick={() => setPicked([...new Set([...picked, ...shown])])}>
          {t('columns.select_all')}
        </Button>
        <Button size="small" onClick={() => setPicked(picked.filter((m) => !shown.includes(m)))}>
          {t('channel.select_none')}
        </Button>
        <span className="gw-small">{t('channel.picked', { count: picked.length })}</span>
      </Space>
      {shown.length === 0 ? (
        <Empty />
      ) : (
        <Checkbox.Group value={picked} onChange={(v) => setPicked([...new Set([...picked.filter((m) => !shown.includes(m)), ...(v as string[])])])}>
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 6, maxHeight: 400, overflow: 'auto' }}>
            {shown.map((m) => (
              <Checkbox key={m} value={m}>
                {m}
              </Checkbox>
            ))}
          </div>
        </Checkbox.Group>
      )}
    </Modal>
  );
}
