import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Input, Message, Result } from '@arco-design/web-react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { checkRegister, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX } from '@gw/shared';
import { api, requiredRule, ruleFrom, useCountdown, useHumanCheck, useStatus, withQuery } from '@gw/web';

interface RegisterForm {
  username: string;
  password: string;
  password2: string;
  email?: string;
  verification_code?: string;
}

const AFF_KEY = 'aff';

/** Registration: e-mail code when verification is on, the human check, the aff invite code sent as aff_code. */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const status = useStatus();
  const [form] = Form.useForm<RegisterForm>();
  const [loading, setLoading] = useState(false);
  const [countdown, startCountdown] = useCountdown();
  const [aff, setAff] = useState(() => localStorage.getItem(AFF_KEY) ?? '');
  const check = useHumanCheck();
  const [sending, setSending] = useState(false);

  useEffect(() => {
    const code = params.get('aff');
    if (code) {
      localStorage.setItem(AFF_KEY, code);
      setAff(code);
    }
  }, [params]);

  if (status.register_enabled === false || status.password_register_enabled === false) {
    return <Result status="warning" title={t('register.disabled')} extra={<Link to="/login">{t('register.login_link')}</Link>} />;
  }

  const sendCode = async () => {
    const email = (form.getFieldValue('email') ?? '').trim();
    if (!email) return void Message.error(t('register.email_required'));
    if (!check.ready) return void Message.info(t('login.turnstile_wait'));
    setSending(true);
    try {
      await api.get(withQuery('/api/verification', { email, turnstile: check.query }));
      Message.success(t('register.code_sent'));
      startCountdown(30);
    } finally {
      check.reset();
      setSending(false);
    }
  };

  const submit = async (v: RegisterForm) => {
    const rule = checkRegister({ username: v.username ?? '', password: v.password ?? '', password2: v.password2 ?? '' });
    if (rule) return void Message.error(t(rule));
    if (!check.ready) return void Message.info(t('login.turnstile_wait'));
    setLoading(true);
    try {
      await api.post(withQuery('/api/user/register', { turnstile: check.query }), {
        username: v.username.trim(),
        password: v.password,
        password2: v.password2,
        ...(status.email_verification ? { email: (v.email ?? '').trim(), verification_code: (v.verification_code ?? '').trim() } : {}),
        aff_code: aff || undefined,
      });
      Message.success(t('register.success'));
      navigate('/login');
    } catch {
      /* reported */
    } finally {
      check.reset();
      setLoading(false);
    }
  };

  const lengthRule = ruleFrom<string>((p) => (p && p.length < PASSWORD_MIN ? 'register.password_too_short' : p && p.length > PASSWORD_MAX ? 'user.password_too_long' : null));
  const matchRule = ruleFrom<string>((p) => (p !== form.getFieldValue('password') ? 'register.password_mismatch' : null));
  return (
    <div className="gw-auth-page">
      <Card className="gw-auth-card" title={t('register.title')}>
        {aff && <Alert className="gw-aff" type="info" content={t('register.aff', { code: aff })} />}
        <Form form={form} layout="vertical" onSubmit={submit} className="gw-register-form">
          <Form.Item field="username" rules={[requiredRule('register.required'), ruleFrom<string>((u) => (u && u.length > USERNAME_MAX ? 'user.username_too_long' : null))]}>
            <Input placeholder={t('register.username')} maxLength={USERNAME_MAX} autoComplete="username" />
          </Form.Item>
          <Form.Item field="password" rules={[requiredRule('register.required'), lengthRule]}>
            <Input.Password placeholder={t('register.password')} maxLength={PASSWORD_MAX} autoComplete="new-password" />
          </Form.Item>
          <Form.Item field="password2" dependencies={['password']} rules={[matchRule]}>
            <Input.Password placeholder={t('register.password2')} maxLength={PASSWORD_MAX} autoComplete="new-password" />
          </Form.Item>
          {status.email_verification && (
            <>
              <Form.Item field="email" rules={[requiredRule('register.email_required')]}>
                <Input
                  placeholder={t('register.email')}
                  type="email"
                  addAfter={
                    <Button
                      type="text"
                      size="mini"
                      className="gw-send-code"
                      data-testid="send-code"
                      loading={sending}
                      disabled={countdown > 0}
                      onClick={() => void sendCode().catch(() => undefined)}
                    >
                      {countdown > 0 ? t('register.resend_in', { s: countdown }) : t('register.send_code')}
                    </Button>
                  }
                />
              </Form.Item>
              <Form.Item field="verification_code" rules={[requiredRule('register.code_required')]}>
                <Input placeholder={t('register.code')} />
              </Form.Item>
            </>
          )}
          {check.widget}
          <Button type="primary" htmlType="submit" long loading={loading}>
            {t('register.submit')}
          </Button>
        </Form>
        <div className="gw-auth-links">
          <span>
            {t('register.have_account')} <Link to="/login">{t('register.login_link')}</Link>
          </span>
        </div>
      </Card>
    </div>
  );
}
