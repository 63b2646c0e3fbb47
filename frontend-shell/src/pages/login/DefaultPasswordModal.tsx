import { Modal } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';

interface Props {
  visible: boolean;
  onChange: () => void;
  onLater: () => void;
}

/** Root signed in with the default password: ask for an immediate change. */
export function DefaultPasswordModal({ visible, onChange, onLater }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      visible={visible}
      title={t('login.default_password_title')}
      okText={t('login.change_now')}
      cancelText={t('login.later')}
      onOk={onChange}
      onCancel={onLater}
      maskClosable={false}
      className="gw-default-password"
    >
      {t('login.default_password_content')}
    </Modal>
  );
}
