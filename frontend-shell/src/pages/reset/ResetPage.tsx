import { useState } from 'react';
import { Button, Card, Form, Input, Message } from '@arco-design/web-react';
import { IconEmail } from '@arco-design/web-react/icon';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { api, requiredRule, useStatus, withQuery } from '@gw/web';
import { HumanCheck } from '../../components/HumanCheck';
import { useCountdown } from '../../components/useCountdown';

/** Password reset request: an e-mail, a human check, and a 30-second retry lock. */
export function ResetPage() {
  const { t } = useTranslation();
  const status = useStatus();
  const [countdown, startCountdown] = useCountdown();
  const [loading, setLoading] = useState(false);
  const turnstileToken = '';

  const submit = async ({ email }: { email: string }) => {
    if (status.turnstile_check && !turnstileToken) return void Message.info(t('login.turnstile_wait'));
    setLoading(true);
    startCountdown(30);
    try {
      await api.get(withQuery('/api/reset_password', { email, turnstile: turnstileToken }));
      Message.success(t('reset.sent'));
    } catch {
      /* reported */
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className="gw-auth-page">
      <Card className="gw-auth-card" title={t('reset.title')}>
        <Form layout="vertical" onSubmit={submit}>
          <Form.Item field="email" rules={[requiredRule('reset.email_required')]}>
            <Input prefix={<IconEmail />} type="email" placeholder={t('reset.email')} />
          </Form.Item>
          {status.turnstile_check && <HumanCheck siteKey={status.turnstile_site_key} />}
          <Button type="primary" htmlType="submit" long loading={loading} disabled={countdown > 0}>
            {countdown > 0 ? t('reset.retry_in', { s: countdown }) : t('reset.submit')}
          </Button>
        </Form>
        <div className="gw-auth-links">
          <Link to="/login">{t('reset.back_login')}</Link>
        </div>
      </Card>
    </div>
  );
}
