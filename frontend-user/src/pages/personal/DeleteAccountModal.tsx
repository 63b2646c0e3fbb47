import { useState } from 'react';
import { Alert, Input, Message, Modal } from '@arco-design/web-react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { checkSelfDelete } from '@gw/shared';
import { api, clearStoredUser } from '@gw/web';

/** Self-delete, confirmed by typing the account name (请输入你的账户名以确认删除！). */
export function DeleteAccountModal({ visible, username, onClose }: { visible: boolean; username: string; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const rule = checkSelfDelete(typed, username);
    if (rule) return void Message.error(t(rule));
    setBusy(true);
    try {
      await api.del('/api/user/self');
      clearStoredUser();
      Message.success(t('personal.deleted'));
      navigate('/');
    } catch {
      setBusy(false);
    }
  };
  return (
    <Modal
      visible={visible}
      title={t('personal.delete_account')}
      onOk={() => void submit()}
      confirmLoading={busy}
      okButtonProps={{ status: 'danger' }}
      onCancel={onClose}
      afterClose={() => setTyped('')}
      className="gw-delete-modal"
    >
      <Alert type="error" content={t('personal.delete_warning')} style={{ marginBottom: 12 }} />
      <Input value={typed} onChange={setTyped} placeholder={t('personal.delete_type_username', { username })} />
    </Modal>
  );
}
