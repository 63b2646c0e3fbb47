import { useState } from 'react';
import { Button, Input, Message, Modal, Space } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { api, useCountdown, useHumanCheck, withQuery } from '@gw/web';

interface Props {
  visible: boolean;
  onClose: () => void;
  onBound: () => void;
}

/** Binds (or changes) the account's e-mail: a code sent to the address (30 s between sends), then the code. */
export function EmailBindModal({ visible, onClose, onBound }: Props) {
  const { t } = useTranslation();
  const check = useHumanCheck();
  const [countdown, startCountdown] = useCountdown();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sending, setSending] = useState(false);
  const [binding, setBinding] = useState(false);

  const sendCode = async () => {
    if (!email.trim()) return void Message.error(t('personal.email_required'));
    if (!check.ready) return void Message.info(t('personal.turnstile_wait'));
    setSending(true);
    try {
      await api.get(withQuery('/api/verification', { email: email.trim(), turnstile: check.query }));
      Message.success(t('personal.code_sent'));
      startCountdown(30);
    } catch {
      /* reported */
    } finally {
      check.reset();
      setSending(false);
    }
  };

  const bind = async () => {
    if (!email.trim()) return void Message.error(t('personal.email_required'));
    if (!code.trim()) return void Message.error(t('personal.code_required'));
    setBinding(true);
    try {
      await api.get(withQuery('/api/oauth/email/bind', { email: email.trim(), code: code.trim() }));
      Message.success(t('personal.email_bound'));
      onBound();
      onClose();
    } catch {
      /* reported */
    } finally {
      setBinding(false);
    }
  };

  return (
    <Modal
      visible={visible}
      title={t('personal.bind_email')}
      okText={t('personal.bind')}
      onOk={() => void bind()}
      confirmLoading={binding}
      onCancel={onClose}
      afterClose={() => {
        setEmail('');
        setCode('');
      }}
      className="gw-email-bind-modal"
    >
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <Input
          value={email}
          onChange={setEmail}
          type="email"
          placeholder={t('personal.email_placeholder')}
          data-testid="bind-email"
          addAfter={
            <Button type="text" size="mini" loading={sending} disabled={countdown > 0} onClick={() => void sendCode()} data-testid="bind-email-send">
              {countdown > 0 ? t('personal.resend_in', { s: countdown }) : t('personal.send_code')}
            </Button>
          }
        />
        <Input value={code} onChange={setCode} placeholder={t('personal.code_placeholder')} data-testid="bind-email-code" />
        {check.widget}
      </Space>
    </Modal>
  );
}
