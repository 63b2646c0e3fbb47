import { useState } from 'react';
import { Alert, Button, Card, Space, Typography } from '@arco-design/web-react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { api, copyText } from '@gw/web';

/**
 * The page the reset mail links to (/user/reset?email=&token=): one press sets a new generated
 * password, which is shown and copied (a dialog offers it when the clipboard is unavailable).
 */
export function ResetConfirmPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const [loading, setLoading] = useState(false);
  const [password, setPassword] = useState('');
  const valid = email !== '' && token !== '';

  const confirm = async () => {
    setLoading(true);
    try {
      const next = await api.post<string>('/api/user/reset', { email, token }, { noAuthRedirect: true });
      setPassword(next);
      await copyText(next, t('reset.password_copied', { password: next }));
    } catch {
      /* reported */
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className="gw-auth-page">
      <Card className="gw-auth-card gw-reset-confirm" title={t('reset.confirm_title')}>
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          {valid ? <Typography.Text>{t('reset.confirm_desc', { email })}</Typography.Text> : <Alert type="error" content={t('reset.link_invalid')} />}
          {password && (
            <Space className="gw-reset-result">
              <Typography.Text>{t('reset.new_password')}</Typography.Text>
              <Typography.Text code className="gw-reset-password" data-testid="reset-password">
                {password}
              </Typography.Text>
              <Button size="mini" onClick={() => void copyText(password)}>
                {t('reset.copy')}
              </Button>
            </Space>
          )}
          <Button
            type="primary"
            long
            loading={loading}
            disabled={!valid || password !== ''}
            onClick={() => void confirm()}
            className="gw-reset-confirm-button"
            data-testid="reset-confirm"
          >
            {password ? t('reset.complete') : t('reset.confirm')}
          </Button>
        </Space>
        <div className="gw-auth-links">
          <Link to="/login">{t('reset.back_login')}</Link>
        </div>
      </Card>
    </div>
  );
}
