import { useCallback, useEffect, useState } from 'react';
import { Button, Checkbox, Modal, Space } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { parseColumnPrefs, type ColumnPrefs } from './column-prefs';

/** The shown columns, remembered under `storageKey`; `forced` keys are never shown. */
export function useColumnPrefs(storageKey: string, defaults: ColumnPrefs, forced: readonly string[] = []): [ColumnPrefs, (next: ColumnPrefs) => void] {
  const read = useCallback(() => {
    let raw: string | null = null;
    try {
      raw = localStorage.getItem(storageKey);
    } catch {
      raw = null;
    }
    return parseColumnPrefs(raw, defaults, forced);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [storageKey, JSON.stringify(defaults), forced.join(',')]);
  const [prefs, setPrefs] = useState<ColumnPrefs>(read);
  useEffect(() => setPrefs(read()), [read]);
  const save = useCallback(
    (next: ColumnPrefs) => {
      localStorage.setItem(storageKey, JSON.stringify(next));
      setPrefs(next);
    },
    [storageKey],
  );
  return [prefs, save];
}

interface Props {
  visible: boolean;
  /** Column key → label, in display order; `forced` keys are left out of the list. */
  columns: Array<{ key: string; label: string }>;
  value: ColumnPrefs;
  defaults: ColumnPrefs;
  onOk: (next: ColumnPrefs) => void;
  onCancel: () => void;
}

/** Column-settings dialog: a checkbox per column, select all, reset, cancel and OK. */
export function ColumnSettingsModal({ visible, columns, value, defaults, onOk, onCancel }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ColumnPrefs>(value);
  useEffect(() => {
    if (visible) setDraft(value);
  }, [visible, value]);
  const keys = columns.map((c) => c.key);
  const shown = keys.filter((k) => draft[k]).length;
  const setAll = (on: boolean) => setDraft((d) => ({ ...d, ...Object.fromEntries(keys.map((k) => [k, on])) }));
  return (
    <Modal
      visible={visible}
      title={t('columns.title')}
      className="gw-column-settings"
      onCancel={onCancel}
      footer={
        <Space>
          <Button className="gw-columns-reset" onClick={() => setDraft({ ...defaults })}>
            {t('common.reset')}
          </Button>
          <Button onClick={onCancel}>{t('common.cancel')}</Button>
          <Button type="primary" className="gw-columns-ok" onClick={() => onOk({ ...value, ...draft })}>
            {t('common.ok')}
          </Button>
        </Space>
      }
    >
      <Checkbox
        className="gw-columns-all"
        checked={shown === keys.length}
        indeterminate={shown > 0 && shown < keys.length}
        onChange={(on) => setAll(on)}
        style={{ marginBottom: 12 }}
      >
        {t('columns.select_all')}
      </Checkbox>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: 8 }}>
        {columns.map((c) => (
          <Checkbox key={c.key} checked={!!draft[c.key]} onChange={(on) => setDraft((d) => ({ ...d, [c.key]: on }))} data-column={c.key}>
            {c.label}
          </Checkbox>
        ))}
      </div>
    </Modal>
  );
}
