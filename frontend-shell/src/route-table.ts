import type { ServerStatus } from '@gw/shared';
import type { RemoteName, RemotePages } from './federation';
import type { SHELL_PAGES } from './routes';

/**
 * The console's one route table (docs/console.md#routes-and-navigation). The router, the access guards,
 * the layout without side navigation and the side menu are all derived from it (App.tsx, nav.ts), so a
 * page is added by one row here. Pure data (pages are named, not imported), so the menu and layout rules
 * are unit-tested without loading any page.
 */

/** open: anyone; login: a stored user; admin: role >= 10. */
export type Access = 'open' | 'login' | 'admin';

/** What the side menu shows depends on the server status (feature switches) and the user's role. */
export interface NavContext {
  status: Partial<ServerStatus>;
  isAdmin: boolean;
}

export type ShellPage = keyof typeof SHELL_PAGES;

/**
 * A page of the shell, or a page a remote exposes: its name is checked against the remote's page manifest
 * (a misspelt name fails the type check).
 */
type RouteTarget = { remote?: undefined; page: ShellPage } | { [R in RemoteName]: { remote: R; page: RemotePages[R] } }[RemoteName];

export type MenuGroupKey = 'chat' | 'console' | 'admin' | 'personal';

export interface MenuEntry {
  group: MenuGroupKey;
  labelKey: string;
  /** Shown only when this holds (the group's own rule applies too). */
  visible?: (ctx: NavContext) => boolean;
}

export type RouteEntry = RouteTarget & {
  path: string;
  access: Access;
  /** Layout without the side navigation (home, chat, setup). */
  bare?: boolean;
  /** A side-menu item (key = the path without its slash); items keep the table's order within their group. */
  menu?: MenuEntry;
};

export interface MenuGroup {
  key: MenuGroupKey;
  labelKey?: string;
  visible?: (ctx: NavContext) => boolean;
}

/** The side menu's groups, in order. */
export const MENU_GROUPS: MenuGroup[] = [
  { key: 'chat' },
  { key: 'console', labelKey: 'nav.group_console' },
  { key: 'admin', labelKey: 'nav.group_admin', visible: (c) => c.isAdmin },
  { key: 'personal', labelKey: 'nav.group_personal' },
];

const adminOnly = (c: NavContext) => c.isAdmin;

export const ROUTE_TABLE: RouteEntry[] = [
  // Without side navigation.
  { path: '/', access: 'open', page: 'HomePage', bare: true },
  { path: '/setup', access: 'open', page: 'SetupPage', bare: true },
  { path: '/chat/:id?', access: 'open', remote: 'user', page: 'ChatPage', bare: true },
  { path: '/chat2link', access: 'login', remote: 'user', page: 'Chat2LinkPage', bare: true },
  // Open pages.
  { path: '/login', access: 'open', page: 'LoginPage' },
  { path: '/register', access: 'open', page: 'RegisterPage' },
  { path: '/reset', access: 'open', page: 'ResetPage' },
  { path: '/user/reset', access: 'open', page: 'ResetConfirmPage' },
  { path: '/oauth/:provider', access: 'open', page: 'OAuthCallbackPage' },
  { path: '/about', access: 'open', page: 'AboutPage' },
  { path: '/pricing', access: 'open', page: 'PricingPage' },
  // Menu: chat.
  { path: '/playground', access: 'login', remote: 'user', page: 'PlaygroundPage', menu: { group: 'chat', labelKey: 'nav.playground' } },
  // Menu: console.
  { path: '/detail', access: 'login', remote: 'user', page: 'DetailPage', menu: { group: 'console', labelKey: 'nav.detail', visible: (c) => !!c.status.enable_data_export } },
  { path: '/token', access: 'login', remote: 'user', page: 'TokenPage', menu: { group: 'console', labelKey: 'nav.token' } },
  { path: '/log', access: 'login', remote: 'user', page: 'LogPage', menu: { group: 'console', labelKey: 'nav.log' } },
  { path: '/midjourney', access: 'login', remote: 'user', page: 'DrawingLogPage', menu: { group: 'console', labelKey: 'nav.midjourney', visible: (c) => !!c.status.enable_drawing } },
  { path: '/task', access: 'login', remote: 'user', page: 'TaskLogPage', menu: { group: 'console', labelKey: 'nav.task', visible: (c) => !!c.status.enable_task } },
  // Menu: administration.
  { path: '/channel', access: 'admin', remote: 'admin', page: 'ChannelPage', menu: { group: 'admin', labelKey: 'nav.channel', visible: adminOnly } },
  { path: '/channel/add', access: 'admin', remote: 'admin', page: 'ChannelPage' },
  { path: '/channel/edit/:id', access: 'admin', remote: 'admin', page: 'ChannelPage' },
  { path: '/redemption', access: 'admin', remote: 'admin', page: 'RedemptionPage', menu: { group: 'admin', labelKey: 'nav.redemption', visible: adminOnly } },
  { path: '/user', access: 'admin', remote: 'admin', page: 'UserPage', menu: { group: 'admin', labelKey: 'nav.user' } },
  { path: '/user/edit/:id?', access: 'admin', remote: 'admin', page: 'UserPage' },
  // Reachable by any signed-in user; the page shows its tabs to administrators only.
  { path: '/setting', access: 'login', remote: 'admin', page: 'SettingPage', menu: { group: 'admin', labelKey: 'nav.setting' } },
  // Menu: personal.
  { path: '/topup', access: 'login', remote: 'user', page: 'WalletPage', menu: { group: 'personal', labelKey: 'nav.topup' } },
  { path: '/personal', access: 'login', remote: 'user', page: 'PersonalPage', menu: { group: 'personal', labelKey: 'nav.personal' } },
];
