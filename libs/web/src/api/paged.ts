import type { Paged } from '@gw/shared';

/** A list answer as the tables use it; `local` when the server sent the whole list (page it locally). */
export type ListResult<T> = Paged<T> & { local: boolean };

/**
 * Accepts `{items, total, ...}` (server paging), a bare array or `{data: [...]}` (the whole list); anything
 * else (an endpoint that is not there yet) is an empty list.
 */
export function toListResult<T>(data: unknown): ListResult<T> {
  if (Array.isArray(data)) return { items: data as T[], total: data.length, page: 0, page_size: data.length, local: true };
  if (data && typeof data === 'object') {
    const o = data as Partial<Paged<T>> & { data?: unknown };
    if (Array.isArray(o.items)) return { items: o.items, total: Number(o.total ?? o.items.length) || 0, page: o.page ?? 0, page_size: o.page_size ?? o.items.length, local: false };
    if (Array.isArray(o.data)) return toListResult<T>(o.data);
  }
  return { items: [], total: 0, page: 0, page_size: 0, local: false };
}
