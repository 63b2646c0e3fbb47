import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { Button, ConfigProvider, Form, Input, Message, Space, Spin, Tag } from '@arco-design/web-react';
import enUS from '@arco-design/web-react/es/locale/en-US';
import zhCN from '@arco-design/web-react/es/locale/zh-CN';
import { BrowserRouter, Link, Navigate, Route, Routes, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { LoginResult } from '@gw/shared';
import { api } from '../api/client';
import { changeLang } from '../i18n';
import { setNavigator } from '../navigation';
import { loadStatus } from '../store/status';
import { clearStoredUser, setStoredUser, useUser } from '../store/user';

export interface StandaloneRoute {
  path: string;
  label: string;
  page: ComponentType;
}

function DevLogin() {
  const navigate = useNavigate();
  useEffect(() => clearStoredUser(), []);
  const submit = async (v: { username: string; password: string }) => {
    const user = await api.post<LoginResult>('/api/user/login', v, { noAuthRedirect: true });
    setStoredUser(user);
    Message.success('OK');
    navigate('/');
  };
  return (
    <Form layout="vertical" style={{ maxWidth: 320, margin: '48px auto' }} onSubmit={(v) => void submit(v).catch(() => undefined)}>
      <Form.Item field="username" label="username" rules={[{ required: true }]}>
        <Input />
      </Form.Item>
      <Form.Item field="password" label="password" rules={[{ required: true }]}>
        <Input.Password />
      </Form.Item>
      <Button type="primary" htmlType="submit" long>
        Log in
      </Button>
    </Form>
  );
}

function Bridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((to) => navigate(to));
    return () => setNavigator(null);
  }, [navigate]);
  return null;
}

/**
 * A remote running on its own (`npm run dev -w frontend-admin`): a bare frame with links to its pages
 * and a minimal login against the gateway the dev server proxies to.
 */
export function StandaloneApp({ name, routes }: { name: string; routes: StandaloneRoute[] }) {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    loadStatus()
      .catch(() => undefined)
      .finally(() => setReady(true));
  }, []);
  if (!ready) return <Spin />;
  return (
    <ConfigProvider locale={i18n.language === 'en' ? enUS : zhCN}>
      <BrowserRouter>
        <Bridge />
        <Space style={{ padding: 12, borderBottom: '1px solid var(--color-border)', width: '100%' }} wrap>
          <Tag color="purple">
            {name} · {t('common.standalone')}
          </Tag>
          {routes.map((r) => (
            <Link key={r.path} to={r.path}>
              {r.label}
            </Link>
          ))}
          <Button size="mini" onClick={() => void changeLang(i18n.language === 'en' ? 'zh' : 'en')}>
            中文 / English
          </Button>
          {user ? (
            <Button size="mini" onClick={clearStoredUser}>
              {user.username} ×
            </Button>
          ) : (
            <Link to="/login">login</Link>
          )}
        </Space>
        <div style={{ padding: 16 }}>
          <Suspense fallback={<Spin />}>
            <Routes>
              {routes.map((r) => (
                <Route key={r.path} path={r.path} element={user ? <r.page /> : <Navigate to="/login" />} />
              ))}
              <Route path="/login" element={<DevLogin />} />
              <Route path="*" element={<Navigate to={routes[0]?.path ?? '/'} />} />
            </Routes>
          </Suspense>
        </div>
      </BrowserRouter>
    </ConfigProvider>
  );
}
