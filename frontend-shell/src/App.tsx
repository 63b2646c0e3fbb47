import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { ConfigProvider, Message, Spin } from '@arco-design/web-react';
import enUS from '@arco-design/web-react/es/locale/en-US';
import zhCN from '@arco-design/web-react/es/locale/zh-CN';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ServerStatus } from '@gw/shared';
import { isAdmin, loadStatus, setNavigator, statusStore, useUser } from '@gw/web';
import { RemoteBoundary } from './components/RemoteBoundary';
import { AppLayout } from './layout/AppLayout';
import { Forbidden } from './pages/Forbidden';
import { NotFound } from './pages/NotFound';
import { guardRedirect } from './login-guard';
import { ROUTE_TABLE, type RouteEntry } from './route-table';
import { routePage } from './routes';

/** Lets the API client's 401 handler navigate inside the SPA. */
function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((to) => navigate(to));
    return () => setNavigator(null);
  }, [navigate]);
  return null;
}

/** Re-reads the server status; until the system is set up, every path but /setup goes to /setup. */
function StatusGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const cached = statusStore.use();
  const [fresh, setFresh] = useState<ServerStatus | null>(null);
  const [done, setDone] = useState(false);
  useEffect(() => {
    loadStatus()
      .then(setFresh)
      .catch(() => Message.error(t('error.status_unreachable')))
      .finally(() => setDone(true));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (cached?.system_name) document.title = cached.system_name;
  }, [cached?.system_name]);
  if (!done && !cached) return <Spin className="gw-page-loading" />;
  if (fresh && !fresh.setup && pathname !== '/setup') return <Navigate to="/setup" replace />;
  return <>{children}</>;
}

/** Login guard (stored user), admin guard (role >= 10), and the error boundary of remote pages. */
function RoutePage({ route }: { route: RouteEntry }) {
  const user = useUser();
  const location = useLocation();
  if (route.access !== 'open' && !user) {
    const target = guardRedirect(location.pathname + location.search, window.location.pathname + window.location.search);
    return target ? <Navigate to={target} replace /> : null;
  }
  if (route.access === 'admin' && !isAdmin(user)) return <Forbidden />;
  const Page = routePage(route);
  const page = (
    <Suspense fallback={<Spin className="gw-page-loading" />}>
      <Page />
    </Suspense>
  );
  return route.remote ? (
    <RemoteBoundary key={location.pathname} name={route.remote}>
      {page}
    </RemoteBoundary>
  ) : (
    page
  );
}

export function App() {
  const { i18n } = useTranslation();
  return (
    <ConfigProvider locale={i18n.language === 'en' ? enUS : zhCN}>
      <BrowserRouter>
        <NavigatorBridge />
        <StatusGate>
          <Routes>
            <Route element={<AppLayout />}>
              {ROUTE_TABLE.map((r) => (
                <Route key={r.path} path={r.path} element={<RoutePage route={r} />} />
              ))}
              <Route path="*" element={<NotFound />} />
            </Route>
          </Routes>
        </StatusGate>
      </BrowserRouter>
    </ConfigProvider>
  );
}
