import { useEffect, useState } from 'react';
import { Button, Checkbox, Input, Space } from '@arco-design/web-react';
import { IconDelete, IconEye, IconPlus } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { channelKeyFormat, isWholeKeyType, splitChannelKeys } from '@gw/shared';
import { showMultiKeyView } from '../channel-form';

interface Props {
  value?: string;
  onChange?: (v: string) => void;
  type: number;
  isNew: boolean;
  /** Editing as a non-root admin: the key can be neither seen nor changed. */
  locked?: boolean;
  /** Root, editing, key not shown yet: the "reveal" button (fetches the stored key). */
  reveal?: { onClick: () => void; loading: boolean };
}

/**
 * The key: a text area, or, when it holds several keys, a list with one row per key (a type whose key
 * is kept whole, Vertex AI, always holds one). A checkbox turns the list view off. An existing channel's key is never
 * loaded: the field starts empty ("empty keeps the current key") and root may reveal it on demand.
 */
export function KeyField({ value = '', onChange, type, isNew, locked, reveal }: Props) {
  const { t } = useTranslation();
  const several = showMultiKeyView(value, type);
  const [listView, setListView] = useState(true);
  const [adding, setAdding] = useState('');
  useEffect(() => {
    if (!several) setListView(true);
  }, [several]);
  const keys = splitChannelKeys(type, value);
  const set = (next: string[]) => onChange?.(next.join('\n'));
  const format = channelKeyFormat(type);
  const placeholder = isNew ? (format ? t('channel.key_format', { format }) : t('channel.key_placeholder')) : t('channel.key_keep');

  if (locked) return <Input.TextArea className="gw-mono gw-channel-key" disabled value="" placeholder={t('channel.key_root_only')} autoSize={{ minRows: 1, maxRows: 2 }} />;
  return (
    <div className="gw-key-field">
      {reveal && (
        <Button size="mini" icon={<IconEye />} loading={reveal.loading} onClick={reveal.onClick} className="gw-key-reveal" style={{ marginBottom: 8 }}>
          {t('channel.key_reveal')}
        </Button>
      )}
      {several && (
        <Checkbox checked={listView} onChange={setListView} className="gw-multi-key-toggle" style={{ marginBottom: 8 }}>
          {t('channel.multi_key_view', { count: keys.length })}
        </Checkbox>
      )}
      {several && listView ? (
        <Space direction="vertical" style={{ width: '100%' }} className="gw-multi-key-list">
          {keys.map((k, i) => (
            <Space key={`${i}-${k}`} style={{ width: '100%' }}>
              <Input.Password value={k} visibilityToggle style={{ width: 380 }} onChange={(v) => set(keys.map((x, j) => (j === i ? v : x)))} />
              <Button icon={<IconDelete />} status="danger" size="small" onClick={() => set(keys.filter((_, j) => j !== i))} />
            </Space>
          ))}
          <Space>
            <Input value={adding} onChange={setAdding} placeholder={t('channel.key_add_placeholder')} style={{ width: 380 }} />
            <Button
              icon={<IconPlus />}
              size="small"
              onClick={() => {
                if (!adding.trim()) return;
                set([...keys, ...splitChannelKeys(type, adding)]);
                setAdding('');
              }}
            />
          </Space>
        </Space>
      ) : (
        <Input.TextArea
          className="gw-mono gw-channel-key"
          value={value}
          onChange={(v) => onChange?.(v)}
          placeholder={placeholder}
          autoSize={{ minRows: isWholeKeyType(type) ? 4 : 2, maxRows: 10 }}
        />
      )}
    </div>
  );
}
