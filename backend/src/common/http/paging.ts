import { DEFAULT_PAGE_SIZE, type Paged, type PagingQuery } from '@gw/shared';

/** The paging query (`p`, `page_size`, `size`) is one shared schema: `pagingSchema` in libs/shared (lenient, docs/console-api.md#paging). */
export { pagingSchema } from '@gw/shared';

export interface PageRequest {
  page: number;
  pageSize: number;
}

export function toPageRequest(q: PagingQuery): PageRequest {
  return { page: q.p, pageSize: q.page_size ?? q.size ?? DEFAULT_PAGE_SIZE };
}

export function paged<T>(items: T[], total: number, req: PageRequest): Paged<T> {
  return { items, total, page: req.page, page_size: req.pageSize };
}

/** Escapes LIKE wildcards in user input (used with ESCAPE '!'). */
export function likePattern(text: string): string {
  return `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;
}
