import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Message, Modal, Radio, Spin } from '@arco-design/web-react';
import { IconQuestionCircle } from '@arco-design/web-react/icon';
import { Navigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { checkSetup, PASSWORD_MAX, PASSWORD_MIN, type SetupStatus } from '@gw/shared';
import { api, ApiError, loadStatus, ruleFrom, useRequest } from '@gw/web';

type Mode = 'external' | 'self' | 'demo';
interface SetupForm {
  username: string;
  password: string;
  confirmPassword: string;
  mode: Mode;
}

/** First-run setup: the root account (unless it exists) and the usage mode. */
export function SetupPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<SetupForm>();
  const [submitting, setSubmitting] = useState(false);
  const { data: setup, loading } = useRequest(() =>
    api.get<SetupStatus>('/api/setup', { quiet: true }).catch((e) => {
      Message.error(t('setup.status_failed'));
      throw e;
    }),
  );
  if (loading) return <Spin className="gw-page-loading" />;
  if (setup?.status) return <Navigate to="/" replace />;
  const needRoot = !setup?.root_init;

  const showHelp = () =>
    Modal.info({
      title: t('setup.mode_help'),
      content: (
        <div className="gw-mode-help">
          <p>{t('setup.mode_help_external')}</p>
          <p>{t('setup.mode_help_self')}</p>
          <p>{t('setup.mode_help_demo')}</p>
        </div>
      ),
    });

  const submit = async (v: SetupForm) => {
    if (!form) return void Message.error(t('setup.form_ref_error'));
    if (needRoot) {
      const rule = checkSetup({ username: v.username ?? '', password: v.password ?? '', confirmPassword: v.confirmPassword ?? '' });
      if (rule) return void Message.error(t(rule));
    }
    setSubmitting(true);
    try {
      await api.post(
        '/api/setup',
        {
          username: needRoot ? v.username.trim() : undefined,
          password: needRoot ? v.password : undefined,
          confirmPassword: needRoot ? v.confirmPassword : undefined,
          SelfUseModeEnabled: v.mode === 'self',
          DemoSiteEnabled: v.mode === 'demo',
        },
        { quiet: true },
      );
      Message.success(t('setup.success'));
      await loadStatus().catch(() => undefined);
      setTimeout(() => window.location.reload(), 1500);
    } catch (e) {
      const network = e instanceof ApiError && e.status === 0;
      Message.error(network ? t('setup.network_failed') : (e as Error).message || t('setup.failed'));
      setSubmitting(false);
    }
  };

  return (
    <div className="gw-setup">
      <Card className="gw-setup-card" title={t('setup.title')}>
        <p className="gw-muted">{t('setup.intro')}</p>
        {setup?.database_type === 'sqlite' && <Alert type="warning" className="gw-sqlite-warning" content={t('setup.sqlite_warning')} />}
        <Form form={form} layout="vertical" onSubmit={submit} initialValues={{ mode: 'external' }} className="gw-setup-form">
          {needRoot ? (
            <>
              <h4>{t('setup.admin_section')}</h4>
              <Form.Item field="username" label={t('setup.username')} rules={[ruleFrom<string>((u) => (!u?.trim() ? 'setup.username_required' : null))]}>
                <Input autoComplete="username" />
              </Form.Item>
              <Form.Item
                field="password"
                label={t('setup.password')}
                rules={[ruleFrom<string>((p) => (!p || p.length < PASSWORD_MIN ? 'setup.password_too_short' : p.length > PASSWORD_MAX ? 'user.password_too_long' : null))]}
              >
                <Input.Password autoComplete="new-password" />
              </Form.Item>
              <Form.Item
                field="confirmPassword"
                label={t('setup.confirm')}
                dependencies={['password']}
                rules={[ruleFrom<string>((c) => (c !== form.getFieldValue('password') ? 'setup.password_mismatch' : null))]}
              >
                <Input.Password autoComplete="new-password" />
              </Form.Item>
            </>
          ) : (
            <Alert type="success" content={t('setup.root_exists')} />
          )}
          <Form.Item
            field="mode"
            label={
              <span>
                {t('setup.mode')} <IconQuestionCircle className="gw-clickable" onClick={showHelp} />
              </span>
            }
          >
            <Radio.Group type="button">
              <Radio value="external">{t('setup.mode_external')}</Radio>
              <Radio value="self">{t('setup.mode_self')}</Radio>
              <Radio value="demo">{t('setup.mode_demo')}</Radio>
            </Radio.Group>
          </Form.Item>
          {setup && <p className="gw-muted">{t('setup.database', { type: setup.database_type })}</p>}
          <Button type="primary" htmlType="submit" long loading={submitting}>
            {t('setup.submit')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
