import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Input, Message } from '@arco-design/web-react';
import { IconLock, IconUser } from '@arco-design/web-react/icon';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { checkLogin, safeReturnTo, type LoginResult } from '@gw/shared';
import { api, clearStoredUser, requiredRule, setStoredUser, useHumanCheck, useStatus, withQuery } from '@gw/web';
import { DefaultPasswordModal } from './DefaultPasswordModal';
import { OAuthButtons } from './OAuthButtons';

interface LoginForm {
  username: string;
  password: string;
}

/** Password and third-party login: expired notice, human check, default-password warning, returnTo. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const status = useStatus();
  const [form] = Form.useForm<LoginForm>();
  const [loading, setLoading] = useState(false);
  const [warnDefault, setWarnDefault] = useState(false);
  const returnTo = safeReturnTo(params.get('returnTo'));
  const expired = params.get('expired') === 'true';
  const check = useHumanCheck();

  useEffect(() => {
    if (expired) clearStoredUser();
  }, [expired]);

  useEffect(() => {
    const aff = params.get('aff');
    if (aff) localStorage.setItem('aff', aff);
  }, [params]);

  /** Any way of signing in ends here. */
  const signedIn = (user: LoginResult) => {
    setStoredUser(user);
    Message.success(t('login.success'));
    if (user.default_password_warning) setWarnDefault(true);
    else navigate(returnTo, { replace: true });
  };

  const submit = async (values: LoginForm) => {
    const rule = checkLogin(values.username ?? '', values.password ?? '');
    if (rule) return void Message.error(t(rule));
    if (!check.ready) return void Message.info(t('login.turnstile_wait'));
    setLoading(true);
    try {
      const url = withQuery('/api/user/login', { turnstile: check.query });
      signedIn(await api.post<LoginResult>(url, { username: values.username.trim(), password: values.password }, { noAuthRedirect: true }));
    } catch {
      /* the client showed the server's message */
    } finally {
      check.reset();
      setLoading(false);
    }
  };

  return (
    <div className="gw-auth-page">
      <Card className="gw-auth-card" title={t('login.title')}>
        {expired && <Alert className="gw-expired" type="warning" content={t('error.expired')} />}
        {status.password_login_enabled === false && <Alert type="info" content={t('login.password_login_disabled')} />}
        <Form form={form} layout="vertical" onSubmit={submit} autoComplete="on" className="gw-login-form">
          <Form.Item field="username" rules={[requiredRule('login.required')]}>
            <Input prefix={<IconUser />} placeholder={t('login.username')} autoComplete="username" name="username" />
          </Form.Item>
          <Form.Item field="password" rules={[requiredRule('login.required')]}>
            <Input.Password prefix={<IconLock />} placeholder={t('login.password')} autoComplete="current-password" name="password" />
          </Form.Item>
          {check.widget}
          <Button type="primary" htmlType="submit" long loading={loading}>
            {t('login.submit')}
          </Button>
        </Form>
        <div className="gw-auth-links">
          {!status.self_use_mode_enabled && (
            <span>
              {t('login.no_account')} <Link to="/register">{t('login.register_link')}</Link>
            </span>
          )}
          <span>
            {t('login.forgot')} <Link to="/reset">{t('login.reset_link')}</Link>
          </span>
        </div>
        <OAuthButtons returnTo={returnTo} onLogin={signedIn} />
      </Card>
      <DefaultPasswordModal
        visible={warnDefault}
        onChange={() => navigate('/personal', { replace: true })}
        onLater={() => navigate(returnTo, { replace: true })}
      />
    </div>
  );
}
