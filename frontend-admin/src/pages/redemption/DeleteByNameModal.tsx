import { useState } from 'react';
import { Input, Message, Modal, Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { REDEMPTION_NAME_MAX } from '@gw/shared';
import { api, withQuery } from '@gw/web';

/** Batch delete by exact name: shows how many codes carry the name, then deletes them. */
export function DeleteByNameModal({ visible, onClose, onDeleted }: { visible: boolean; onClose: () => void; onDeleted: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [count, setCount] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setName('');
    setCount(null);
    onClose();
  };
  const lookUp = async (value: string) => {
    setName(value);
    setCount(null);
    if (!value.trim()) return;
    try {
      setCount(await api.get<number>(withQuery('/api/redemption/count-by-name', { name: value.trim() }), { quiet: true }));
    } catch {
      setCount(null);
    }
  };
  const remove = async () => {
    if (!name.trim()) return void Message.error(t('redemption.name_length'));
    setBusy(true);
    try {
      const n = await api.del<number>(withQuery('/api/redemption/delete-by-name', { name: name.trim() }));
      Message.success(t('redemption.deleted_count', { count: n }));
      onDeleted();
      close();
    } catch {
      /* reported */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      visible={visible}
      title={t('redemption.delete_by_name')}
      onCancel={close}
      onOk={() => void remove()}
      okButtonProps={{ status: 'danger', disabled: !count }}
      confirmLoading={busy}
      className="gw-delete-by-name"
    >
      <Input placeholder={t('redemption.name')} maxLength={REDEMPTION_NAME_MAX} value={name} onChange={(v) => void lookUp(v)} />
      {count !== null && <Typography.Paragraph style={{ marginTop: 12 }}>{t('redemption.name_count', { count })}</Typography.Paragraph>}
    </Modal>
  );
}
