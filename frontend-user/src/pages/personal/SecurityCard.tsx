import { useState } from 'react';
import { Button, Card, Input, Message, Space, Typography } from '@arco-design/web-react';
import { IconCopy } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import type { UserView } from '@gw/shared';
import { api, copyText } from '@gw/web';
import { DeleteAccountModal } from './DeleteAccountModal';
import { PasswordModal } from './PasswordModal';

/** Access-token reset (copied), password change and self-delete. */
export function SecurityCard({ user }: { user: UserView }) {
  const { t } = useTranslation();
  const [token, setToken] = useState('');
  const [dialog, setDialog] = useState<'password' | 'delete' | null>(null);

  const resetToken = async () => {
    const value = await api.get<string>('/api/user/token');
    setToken(value);
    const copied = await copyText(value, t('personal.token_reset_copied'));
    if (!copied) Message.info(t('personal.token_reset'));
  };

  return (
    <Card title={t('personal.security')} className="gw-security">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text bold>{t('personal.access_token')}</Typography.Text>
        <Typography.Text type="secondary">{t('personal.access_token_desc')}</Typography.Text>
        {token && (
          <Input readOnly value={token} className="gw-access-token" addAfter={<IconCopy className="gw-clickable" onClick={() => void copyText(token)} />} />
        )}
        <Space wrap>
          <Button className="gw-reset-token" onClick={() => void resetToken().catch(() => undefined)}>
            {t('personal.reset_token')}
          </Button>
          <Button className="gw-change-password" onClick={() => setDialog('password')}>
            {t('personal.change_password')}
          </Button>
          <Button className="gw-delete-account" status="danger" onClick={() => setDialog('delete')}>
            {t('personal.delete_account')}
          </Button>
        </Space>
      </Space>
      <PasswordModal visible={dialog === 'password'} onClose={() => setDialog(null)} />
      <DeleteAccountModal visible={dialog === 'delete'} username={user.username} onClose={() => setDialog(null)} />
    </Card>
  );
}
