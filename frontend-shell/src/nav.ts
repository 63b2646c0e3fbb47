import type { ServerStatus } from '@gw/shared';

/** Paths without the side navigation. */
export function isBarePath(pathname: string): boolean {
  return pathname === '/' || pathname === '/setup' || pathname === '/chat' || pathname.startsWith('/chat/') || pathname === '/chat2link';
}

export interface NavItem {
  key: string;
  path: string;
  labelKey: string;
  visible?: (ctx: NavContext) => boolean;
}

export interface NavGroup {
  key: string;
  labelKey?: string;
  items: NavItem[];
  visible?: (ctx: NavContext) => boolean;
}

export interface NavContext {
  status: Partial<ServerStatus>;
  isAdmin: boolean;
}

/** Side navigation (docs/console.md#routes-and-navigation): groups, items and their visibility rules. */
export const NAV: NavGroup[] = [
  { key: 'chat', items: [{ key: 'playground', path: '/playground', labelKey: 'nav.playground' }] },
  {
    key: 'console',
    labelKey: 'nav.group_console',
    items: [
      { key: 'detail', path: '/detail', labelKey: 'nav.detail', visible: (c) => !!c.status.enable_data_export },
      { key: 'token', path: '/token', labelKey: 'nav.token' },
      { key: 'log', path: '/log', labelKey: 'nav.log' },
      { key: 'midjourney', path: '/midjourney', labelKey: 'nav.midjourney', visible: (c) => !!c.status.enable_drawing },
      { key: 'task', path: '/task', labelKey: 'nav.task', visible: (c) => !!c.status.enable_task },
    ],
  },
  {
    key: 'admin',
    labelKey: 'nav.group_admin',
    visible: (c) => c.isAdmin,
    items: [
      { key: 'channel', path: '/channel', labelKey: 'nav.channel', visible: (c) => c.isAdmin },
      { key: 'redemption', path: '/redemption', labelKey: 'nav.redemption', visible: (c) => c.isAdmin },
      { key: 'user', path: '/user', labelKey: 'nav.user' },
      { key: 'setting', path: '/setting', labelKey: 'nav.setting' },
    ],
  },
  {
    key: 'personal',
    labelKey: 'nav.group_personal',
    items: [
      { key: 'topup', path: '/topup', labelKey: 'nav.topup' },
      { key: 'personal', path: '/personal', labelKey: 'nav.personal' },
    ],
  },
];

/** The groups and items visible in a context (pure; unit-tested). */
export function visibleNav(ctx: NavContext, groups: NavGroup[] = NAV): NavGroup[] {
  return groups
    .filter((g) => !g.visible || g.visible(ctx))
    .map((g) => ({ ...g, items: g.items.filter((i) => !i.visible || i.visible(ctx)) }))
    .filter((g) => g.items.length > 0);
}

/** Chat links configured by the operator: a list of {name: url} entries. */
export function chatLinks(chats: unknown): Array<{ name: string; index: number }> {
  if (!Array.isArray(chats)) return [];
  return chats.flatMap((entry, index) => {
    if (!entry || typeof entry !== 'object') return [];
    const name = Object.keys(entry as object)[0];
    return name ? [{ name, index }] : [];
  });
}
