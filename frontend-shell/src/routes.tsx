import type { ComponentType, LazyExoticComponent } from 'react';
import { remotePage, type RemoteName } from './federation';
import { AboutPage } from './pages/about/AboutPage';
import { ComingSoon } from './pages/ComingSoon';
import { HomePage } from './pages/home/HomePage';
import { LoginPage } from './pages/login/LoginPage';
import { RegisterPage } from './pages/register/RegisterPage';
import { ResetPage } from './pages/reset/ResetPage';
import { SetupPage } from './pages/setup/SetupPage';

/** open: anyone; login: a stored user; admin: role >= 10 (docs/console.md#routes-and-navigation). */
export type Access = 'open' | 'login' | 'admin';

export interface RouteDef {
  path: string;
  access: Access;
  /** A shell page, or a page exposed by a remote. */
  page: ComponentType | LazyExoticComponent<ComponentType>;
  remote?: RemoteName;
  /** Layout without the side navigation (home, chat, setup). */
  bare?: boolean;
}

const soon = ComingSoon;
const admin = (module: string) => ({ page: remotePage('admin', module), remote: 'admin' as const });
const user = (module: string) => ({ page: remotePage('user', module), remote: 'user' as const });

export const ROUTES: RouteDef[] = [
  { path: '/', access: 'open', page: HomePage, bare: true },
  { path: '/setup', access: 'open', page: SetupPage, bare: true },
  { path: '/login', access: 'open', page: LoginPage },
  { path: '/register', access: 'open', page: RegisterPage },
  { path: '/reset', access: 'open', page: ResetPage },
  { path: '/user/reset', access: 'open', page: soon },
  { path: '/oauth/:provider', access: 'open', page: soon },
  { path: '/about', access: 'open', page: AboutPage },
  { path: '/pricing', access: 'open', page: soon },
  { path: '/chat/:id?', access: 'open', page: soon, bare: true },
  { path: '/chat2link', access: 'login', page: soon, bare: true },
  { path: '/token', access: 'login', ...user('TokenPage') },
  { path: '/playground', access: 'login', page: soon },
  { path: '/log', access: 'login', ...user('LogPage') },
  { path: '/detail', access: 'login', page: soon },
  { path: '/midjourney', access: 'login', page: soon },
  { path: '/task', access: 'login', page: soon },
  { path: '/topup', access: 'login', page: soon },
  { path: '/personal', access: 'login', ...user('PersonalPage') },
  { path: '/channel', access: 'admin', ...admin('ChannelPage') },
  { path: '/channel/add', access: 'admin', ...admin('ChannelPage') },
  { path: '/channel/edit/:id', access: 'admin', ...admin('ChannelPage') },
  { path: '/redemption', access: 'admin', page: soon },
  { path: '/user', access: 'admin', ...admin('UserPage') },
  { path: '/user/edit/:id?', access: 'admin', ...admin('UserPage') },
  // Reachable by any signed-in user; the page shows its tabs to administrators only.
  { path: '/setting', access: 'login', ...admin('SettingPage') },
];
