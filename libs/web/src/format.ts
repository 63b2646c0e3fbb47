/** Pure display helpers used by several pages (unit-tested in format.spec.ts). */
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, Role, UserStatus } from '@gw/shared';

export function roleKey(role: number, opts: { rootAsAdmin?: boolean } = {}): string {
  if (role >= Role.Root) return opts.rootAsAdmin ? 'role.admin' : 'role.root';
  if (role >= Role.Admin) return 'role.admin';
  if (role === Role.User) return 'role.user';
  return 'role.unknown';
}

export function roleColor(role: number): string {
  if (role >= Role.Root) return 'orange';
  if (role >= Role.Admin) return 'gold';
  if (role === Role.User) return 'blue';
  return 'gray';
}

export function userStatusKey(status: number, deleted = false): string {
  if (deleted) return 'user_status.deactivated';
  if (status === UserStatus.Enabled) return 'user_status.enabled';
  if (status === UserStatus.Disabled) return 'user_status.disabled';
  if (status === UserStatus.Locked) return 'user_status.locked';
  return 'user_status.unknown';
}

export function userStatusColor(status: number, deleted = false): string {
  if (deleted) return 'gray';
  if (status === UserStatus.Enabled) return 'green';
  if (status === UserStatus.Disabled) return 'red';
  return 'gray';
}

/** Group multiplier tag colour: above 5 red, above 3 orange, above 1 blue, otherwise green. */
export function groupRatioColor(ratio: number): string {
  if (ratio > 5) return 'red';
  if (ratio > 3) return 'orange';
  if (ratio > 1) return 'blue';
  return 'green';
}

/** Epoch seconds to local `YYYY-MM-DD HH:mm:ss`. */
export function formatTimestamp(seconds: number): string {
  if (!seconds) return '-';
  const d = new Date(seconds * 1000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** An absolute http(s) URL (HomePageContent / About shown in a frame). */
export function isHttpUrl(text: string | null | undefined): boolean {
  const s = text?.trim() ?? '';
  if (!/^https?:\/\/\S+$/i.test(s)) return false;
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** An image source that cannot run script: http(s), a same-origin path or an inline raster image. */
export function safeImageSrc(src: string | null | undefined): string | null {
  const s = src?.trim() ?? '';
  if (!s) return null;
  if (isHttpUrl(s)) return s;
  if (s.startsWith('/') && !s.startsWith('//')) return s;
  if (/^data:image\/(png|jpe?g|gif|webp);base64,[a-z0-9+/=]+$/i.test(s)) return s;
  return null;
}

export function stripTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** A remembered page size that is one of 10/20/50/100, else the default. */
export function parsePageSize(stored: string | null | undefined): number {
  const n = Number(stored);
  return (PAGE_SIZES as readonly number[]).includes(n) ? n : DEFAULT_PAGE_SIZE;
}

/** The first `limit` items unless expanded (the model list collapses after 10). */
export function collapseList<T>(items: readonly T[], expanded: boolean, limit = 10): { shown: T[]; hidden: number } {
  if (expanded || items.length <= limit) return { shown: [...items], hidden: 0 };
  return { shown: items.slice(0, limit), hidden: items.length - limit };
}
