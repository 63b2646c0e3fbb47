import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type Paged } from '@gw/shared';
import { z } from 'zod';

/** Page index from 0 (`p`), size 1..100 (`page_size`, or `size` on the token routes). */
export const pagingSchema = z.object({
  p: z.coerce.number().int().min(0).max(1_000_000).default(0),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
});

export interface PageRequest {
  page: number;
  pageSize: number;
}

export function toPageRequest(q: z.infer<typeof pagingSchema>): PageRequest {
  return { page: q.p, pageSize: q.page_size ?? q.size ?? DEFAULT_PAGE_SIZE };
}

export function paged<T>(items: T[], total: number, req: PageRequest): Paged<T> {
  return { items, total, page: req.page, page_size: req.pageSize };
}

/** Escapes LIKE wildcards in user input (used with ESCAPE '!'). */
export function likePattern(text: string): string {
  return `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;
}
