import { useMemo, useState } from 'react';
import { Alert, Button, Input, Popconfirm, Space, Table, Tag, type TableColumnProps } from '@arco-design/web-react';
import { IconPlus, IconSearch } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import type { TabProps } from '../tabs/SectionsTab';
import { PriceEditModal } from './PriceEditModal';
import { buildRows, effectiveCompletion, parseMaps, rowPrices, rowsToMaps, type PriceRow } from './pricing';
import { saveMaps } from './save-maps';

const fmt = (n: number | undefined) => (n === undefined ? '-' : String(Math.round(n * 1e6) / 1e6));

/** Table editor of model prices and ratios (fixed page size 10); changes are saved together. */
export function VisualEditor({ options, reload }: TabProps) {
  const { t } = useTranslation();
  const original = useMemo(() => parseMaps(options), [options]);
  const [rows, setRows] = useState<PriceRow[]>(() => buildRows(original));
  const [dirty, setDirty] = useState(false);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<PriceRow | 'new' | null>(null);
  const [saving, setSaving] = useState(false);
  const shown = rows.filter((r) => r.name.toLowerCase().includes(search.trim().toLowerCase()));

  const update = (next: PriceRow[]) => {
    setRows(next);
    setDirty(true);
  };
  const save = async () => {
    setSaving(true);
    const saved = await saveMaps(original, rowsToMaps(rows));
    setSaving(false);
    if (saved) {
      setDirty(false);
      reload();
    }
  };

  const columns: TableColumnProps<PriceRow>[] = [
    { title: t('pricing.col_name'), dataIndex: 'name' },
    {
      title: t('pricing.col_mode'),
      dataIndex: 'mode',
      render: (m: string) => <Tag color={m === 'call' ? 'orange' : 'arcoblue'}>{t(m === 'call' ? 'pricing.per_call' : 'pricing.per_token')}</Tag>,
    },
    { title: t('pricing.col_price'), render: (_, r) => (r.mode === 'call' ? fmt(r.price) : '-') },
    { title: t('pricing.col_ratio'), render: (_, r) => (r.mode === 'token' ? fmt(r.ratio) : '-') },
    { title: t('pricing.col_completion'), render: (_, r) => (r.mode === 'token' ? fmt(effectiveCompletion(r)) : '-') },
    { title: t('pricing.col_input'), render: (_, r) => fmt(rowPrices(r)?.input) },
    { title: t('pricing.col_output'), render: (_, r) => fmt(rowPrices(r)?.output) },
    {
      title: t('common.actions'),
      render: (_, r) => (
        <Space>
          <Button size="mini" onClick={() => setEditing(r)}>
            {t('common.edit')}
          </Button>
          <Popconfirm title={t('common.delete') + '?'} onOk={() => update(rows.filter((x) => x.name !== r.name))}>
            <Button size="mini" status="danger">
              {t('common.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <div className="gw-visual-pricing">
      {dirty && <Alert type="warning" content={t('pricing.pending')} style={{ marginBottom: 12 }} />}
      <Space wrap style={{ marginBottom: 12 }}>
        <Input allowClear prefix={<IconSearch />} placeholder={t('pricing.search')} value={search} onChange={setSearch} style={{ width: 240 }} />
        <Button icon={<IconPlus />} onClick={() => setEditing('new')}>
          {t('pricing.add_model')}
        </Button>
        <Button type="primary" loading={saving} onClick={() => void save()}>
          {t('pricing.save_all')}
        </Button>
      </Space>
      <Table<PriceRow> rowKey="name" columns={columns} data={shown} pagination={{ pageSize: 10, sizeCanChange: false, showTotal: true }} scroll={{ x: 900 }} />
      <PriceEditModal
        row={editing === 'new' ? null : editing}
        visible={editing !== null}
        existing={rows.map((r) => r.name)}
        onCancel={() => setEditing(null)}
        onOk={(row) => {
          const original = editing === 'new' ? undefined : editing?.name;
          update(original ? rows.map((r) => (r.name === original ? row : r)) : [...rows, row].sort((a, b) => a.name.localeCompare(b.name)));
          setEditing(null);
        }}
      />
    </div>
  );
}
