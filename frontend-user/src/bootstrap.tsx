// Standalone development entry; inside the console the shell loads the exposed pages instead.
import '@arco-design/web-react/es/_util/react-19-adapter';
import '@arco-design/web-react/dist/css/arco.min.css';
import { createRoot } from 'react-dom/client';
import { applyTheme, initI18n, StandaloneApp, storedTheme } from '@gw/web';
import './remote-setup';
import { LogPage } from './pages/log/LogPage';
import { PersonalPage } from './pages/personal/PersonalPage';
import { TokenPage } from './pages/token/TokenPage';

async function main() {
  applyTheme(storedTheme());
  await initI18n();
  createRoot(document.getElementById('root')!).render(
    <StandaloneApp
      name="user"
      routes={[
        { path: '/personal', label: 'personal', page: PersonalPage },
        { path: '/token', label: 'tokens', page: TokenPage },
        { path: '/log', label: 'logs', page: LogPage },
      ]}
    />,
  );
}

void main();
