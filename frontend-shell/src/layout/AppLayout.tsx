import { Suspense, useState } from 'react';
import { Drawer, Layout, Spin } from '@arco-design/web-react';
import { Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { COLLAPSE_KEY, useIsMobile, useUser } from '@gw/web';
import { isBarePath, showsSideNav } from '../nav';
import { SideNav } from './SideNav';
import { SiteFooter } from './SiteFooter';
import { TopBar } from './TopBar';

/** Top bar, side navigation for signed-in users (200 px, 60 px collapsed; a drawer on mobile), page and footer. */
export function AppLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const mobile = useIsMobile();
  const bare = isBarePath(pathname);
  const sideNav = showsSideNav(pathname, !!useUser());
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSE_KEY) === 'true');
  const [drawer, setDrawer] = useState(false);
  const toggle = (next: boolean) => {
    localStorage.setItem(COLLAPSE_KEY, String(next));
    setCollapsed(next);
  };
  return (
    <Layout className="gw-layout">
      <Layout.Header className="gw-header">
        <TopBar mobile={mobile} onOpenMenu={sideNav && mobile ? () => setDrawer(true) : undefined} />
      </Layout.Header>
      <Layout className="gw-body">
        {sideNav && !mobile && (
          <Layout.Sider
            className="gw-sider"
            collapsible
            collapsed={collapsed}
            onCollapse={toggle}
            width={200}
            collapsedWidth={60}
          >
            <SideNav collapsed={collapsed} />
          </Layout.Sider>
        )}
        <Layout className="gw-main">
          <Layout.Content className={bare ? 'gw-content gw-content-bare' : 'gw-content'}>
            <Suspense fallback={<Spin className="gw-page-loading" />}>
              <Outlet />
            </Suspense>
          </Layout.Content>
          <Layout.Footer className="gw-footer">
            <SiteFooter />
          </Layout.Footer>
        </Layout>
      </Layout>
      {mobile && sideNav && (
        <Drawer visible={drawer} placement="left" width={240} title={t('nav.menu')} footer={null} onCancel={() => setDrawer(false)}>
          <SideNav collapsed={false} onNavigate={() => setDrawer(false)} />
        </Drawer>
      )}
    </Layout>
  );
}
