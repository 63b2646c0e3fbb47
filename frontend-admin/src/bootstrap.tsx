// Standalone development entry; inside the console the shell loads the exposed pages instead.
import '@arco-design/web-react/es/_util/react-19-adapter';
import '@arco-design/web-react/dist/css/arco.min.css';
import { createRoot } from 'react-dom/client';
import { applyTheme, initI18n, StandaloneApp, storedTheme } from '@gw/web';
import './remote-setup';
import { ChannelPage } from './pages/channel/ChannelPage';
import { RedemptionPage } from './pages/redemption/RedemptionPage';
import { SettingPage } from './pages/setting/SettingPage';
import { UserPage } from './pages/user/UserPage';

async function main() {
  applyTheme(storedTheme());
  await initI18n();
  createRoot(document.getElementById('root')!).render(
    <StandaloneApp
      name="admin"
      routes={[
        { path: '/user', label: 'users', page: UserPage },
        { path: '/setting', label: 'settings', page: SettingPage },
        { path: '/channel', label: 'channels', page: ChannelPage },
        { path: '/redemption', label: 'redemption', page: RedemptionPage },
      ]}
    />,
  );
}

void main();
