import { useState } from 'react';
import { Button, Input, Message, Select, Space } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { copyText } from '@gw/web';

interface Props {
  value?: string[];
  onChange?: (v: string[]) => void;
  options: string[];
  /** The type's related models (GET /api/models), may be empty. */
  related: string[];
  fetching: boolean;
  onFetch: () => void;
}

/** The model list with fill, fetch-from-upstream, clear, copy and a custom-name input. */
export function ModelsField({ value = [], onChange, options, related, fetching, onFetch }: Props) {
  const { t } = useTranslation();
  const [custom, setCustom] = useState('');
  const merge = (more: string[]) => onChange?.([...new Set([...value, ...more.map((m) => m.trim()).filter(Boolean)])]);
  const addCustom = () => {
    const names = custom.split(',').map((m) => m.trim()).filter(Boolean);
    if (names.length === 0) return;
    const fresh = names.filter((m) => !value.includes(m));
    merge(names);
    setCustom('');
    Message.success(fresh.length ? t('channel.models_added', { count: fresh.length }) : t('channel.models_exist'));
  };
  return (
    <div className="gw-models-field">
      <Select
        mode="multiple"
        allowCreate
        allowClear
        showSearch
        className="gw-channel-models"
        value={value}
        onChange={(v) => onChange?.(v as string[])}
        options={[...new Set([...options, ...value])]}
        placeholder={t('channel.models_placeholder')}
        maxTagCount={30}
      />
      <Space wrap size={4} style={{ marginTop: 8 }}>
        <Button size="mini" type="primary" disabled={related.length === 0} onClick={() => merge(related)}>
          {t('channel.fill_related')}
        </Button>
        <Button size="mini" type="secondary" disabled={options.length === 0} onClick={() => merge(options)}>
          {t('channel.fill_all')}
        </Button>
        <Button size="mini" status="success" loading={fetching} onClick={onFetch} className="gw-fetch-models">
          {t('channel.fetch_models')}
        </Button>
        <Button size="mini" status="warning" onClick={() => onChange?.([])}>
          {t('channel.clear_models')}
        </Button>
        <Button size="mini" disabled={value.length === 0} onClick={() => void copyText(value.join(','), t('channel.models_copied'))}>
          {t('channel.copy_models')}
        </Button>
      </Space>
      <Space style={{ marginTop: 8, width: '100%' }}>
        <Input value={custom} onChange={setCustom} onPressEnter={addCustom} placeholder={t('channel.custom_model')} style={{ width: 320 }} className="gw-custom-model" />
        <Button size="small" onClick={addCustom}>
          {t('common.add')}
        </Button>
      </Space>
    </div>
  );
}
