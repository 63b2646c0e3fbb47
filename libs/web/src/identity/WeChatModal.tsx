import { useState } from 'react';
import { Input, Message, Modal } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';

interface Props {
  visible: boolean;
  /** The operator's QR code image of the WeChat official account (status.wechat_qrcode). */
  qrcode?: string;
  title: string;
  okText: string;
  /** Sends the code; resolves when it was accepted (the modal then closes), rejects otherwise. */
  onSubmit: (code: string) => Promise<void>;
  onClose: () => void;
}

/** WeChat sign-in or binding: scan the QR code, send the keyword, type the code the account replies with. */
export function WeChatModal({ visible, qrcode, title, okText, onSubmit, onClose }: Props) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const value = code.trim();
    if (!value) return void Message.error(t('identity.wechat_code_required'));
    setBusy(true);
    try {
      await onSubmit(value);
      onClose();
    } catch {
      /* the API client showed the server's message */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      visible={visible}
      title={title}
      okText={okText}
      onOk={() => void submit()}
      confirmLoading={busy}
      onCancel={onClose}
      afterClose={() => setCode('')}
      className="gw-wechat-modal"
    >
      <div className="gw-wechat-body">
        {qrcode ? <img className="gw-wechat-qr" src={qrcode} alt={t('identity.wechat_qr_alt')} width={200} height={200} /> : null}
        <p>{t('identity.wechat_hint')}</p>
        <Input
          value={code}
          onChange={setCode}
          onPressEnter={() => void submit()}
          placeholder={t('identity.wechat_code')}
          data-testid="wechat-code"
          className="gw-wechat-code"
        />
      </div>
    </Modal>
  );
}
