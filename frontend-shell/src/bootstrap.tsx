// Arco's Message/Modal/Notification need createRoot under React 19: once, before any of them is used.
import '@arco-design/web-react/es/_util/react-19-adapter';
import '@arco-design/web-react/dist/css/arco.min.css';
import './styles.css';
import { createRoot } from 'react-dom/client';
import { addDictionary, applyTheme, initI18n, storedTheme } from '@gw/web';
import { App } from './App';
import { initFederation } from './federation';
import { en, zh } from './locale';

async function main() {
  applyTheme(storedTheme());
  addDictionary(zh, en);
  await Promise.all([initI18n(), initFederation()]);
  createRoot(document.getElementById('root')!).render(<App />);
}

void main();
