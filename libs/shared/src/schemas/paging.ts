/**
 * The paging query every `/api` list takes (docs/console-api.md#paging). Lenient as new-api's console
 * expects: a page index or size that is not a whole number, or is negative, means the first page or the
 * default size instead of a refusal; sizes above the maximum are clamped to it.
 */
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../enums';

/** The last page index a list accepts; larger indexes are read as this one. */
export const MAX_PAGE_INDEX = 1_000_000;

/** `p`: the page index from 0. */
export const pageIndexSchema = z.coerce
  .number()
  .int()
  .min(0)
  .transform((n) => Math.min(n, MAX_PAGE_INDEX))
  .catch(0);

/** `page_size` / `size` when the route picks its own default: undefined when absent or unusable. */
export const pageSizeSchema = z.coerce
  .number()
  .int()
  .min(1)
  .transform((n) => Math.min(n, MAX_PAGE_SIZE))
  .optional()
  .catch(undefined);

/** `page_size` with the default filled in. */
export const pageSizeWithDefaultSchema = pageSizeSchema.transform((n) => n ?? DEFAULT_PAGE_SIZE);

/** `p`, `page_size` and its alias `size` (the token and redemption routes). */
export const pagingSchema = z.object({
  p: pageIndexSchema,
  page_size: pageSizeSchema,
  size: pageSizeSchema,
});
export type PagingQuery = z.infer<typeof pagingSchema>;
