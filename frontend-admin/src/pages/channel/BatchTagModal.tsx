import { useState } from 'react';
import { Input, Message, Modal } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { channelApi } from './channel-api';

/** Sets one tag on the selected channels (requires a selection and a non-empty tag). */
export function BatchTagModal({ visible, ids, onClose, onSaved }: { visible: boolean; ids: number[]; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [tag, setTag] = useState('');
  const submit = async () => {
    if (ids.length === 0) return void Message.error(t('channel.select_first'));
    if (!tag.trim()) return void Message.error(t('channel.tag_required'));
    try {
      await channelApi.batchTag(ids, tag.trim());
      Message.success(t('channel.batch_tag_done', { count: ids.length }));
      setTag('');
      onSaved();
      onClose();
    } catch {
      /* reported */
    }
  };
  return (
    <Modal visible={visible} title={t('channel.batch_tag')} onOk={() => void submit()} onCancel={onClose} className="gw-batch-tag-modal">
      <p>{t('channel.batch_tag_hint', { count: ids.length })}</p>
      <Input value={tag} onChange={setTag} placeholder={t('channel.tag_placeholder')} allowClear />
    </Modal>
  );
}
