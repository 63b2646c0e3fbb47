import { matchPath } from 'react-router-dom';
import { MENU_GROUPS, ROUTE_TABLE, type MenuGroup, type NavContext, type RouteEntry } from './route-table';

export type { NavContext } from './route-table';

/** The side menu and the bare layout, derived from the route table (route-table.ts). Pure; unit-tested. */

export interface NavItem {
  key: string;
  path: string;
  labelKey: string;
  visible?: (ctx: NavContext) => boolean;
}

export interface NavGroup extends MenuGroup {
  items: NavItem[];
}

/** The full side menu: the groups in order, each with the table's menu rows in table order. */
export function menuOf(routes: RouteEntry[] = ROUTE_TABLE, groups: MenuGroup[] = MENU_GROUPS): NavGroup[] {
  return groups.map((group) => ({
    ...group,
    items: routes.flatMap((r) => (r.menu?.group === group.key ? [{ key: r.path.slice(1), path: r.path, labelKey: r.menu.labelKey, visible: r.menu.visible }] : [])),
  }));
}

export const NAV: NavGroup[] = menuOf();

/** The groups and items visible in a context; groups left empty are dropped. */
export function visibleNav(ctx: NavContext, groups: NavGroup[] = NAV): NavGroup[] {
  return groups
    .filter((g) => !g.visible || g.visible(ctx))
    .map((g) => ({ ...g, items: g.items.filter((i) => !i.visible || i.visible(ctx)) }))
    .filter((g) => g.items.length > 0);
}

const BARE_PATTERNS = ROUTE_TABLE.filter((r) => r.bare).map((r) => r.path);

/** Paths the router answers with a bare route (no side navigation): home, setup, chat. */
export function isBarePath(pathname: string): boolean {
  return BARE_PATTERNS.some((pattern) => matchPath(pattern, pathname) !== null);
}

/**
 * Whether the layout shows the side navigation: never on bare paths, and never to a visitor who is not
 * signed in (pricing, about, the sign-in pages show the top bar only).
 */
export function showsSideNav(pathname: string, signedIn: boolean): boolean {
  return signedIn && !isBarePath(pathname);
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
