import { useState } from 'react';
import { Button, Card, Form, Input, Message } from '@arco-design/web-react';
import { IconEmail } from '@arco-design/web-react/icon';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { api, requiredRule, useCountdown, useHumanCheck, withQuery } from '@gw/web';

/** Password reset request: an e-mail, the human check, and 30 seconds before the next request. */
export function ResetPage() {
  const { t } = useTranslation();
  const check = useHumanCheck();
  const [countdown, startCountdown] = useCountdown();
  const [loading, setLoading] = useState(false);

  const submit = async ({ email }: { email: string }) => {
    if (!check.ready) return void Message.info(t('login.turnstile_wait'));
    setLoading(true);
    startCountdown(30);
    try {
      await api.get(withQuery('/api/reset_password', { email: email.trim(), turnstile: check.query }));
      Message.success(t('reset.sent'));
    } catch {
      /* reported */
    } finally {
      check.reset();
      setLoading(false);
    }
  };

  return (
    <div className="gw-auth-page">
      <Card className="gw-auth-card" title={t('reset.title')}>
        <Form layout="vertical" onSubmit={submit} className="gw-reset-form">
          <Form.Item field="email" rules={[requiredRule('reset.email_required')]}>
            <Input prefix={<IconEmail />} type="email" placeholder={t('reset.email')} />
          </Form.Item>
          {check.widget}
          <Button type="primary" htmlType="submit" long loading={loading} disabled={countdown > 0} data-testid="reset-request">
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
