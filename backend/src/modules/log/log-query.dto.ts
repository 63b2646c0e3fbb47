/** Log query schemas: defined once in libs/shared (schemas/log.ts), used here by the routes. */
import type { logFilterSchema, logListSchema } from '@gw/shared';
import type { z } from 'zod';

export { logDeleteSchema, logFilterSchema, logListSchema } from '@gw/shared';

export type LogFilter = z.infer<typeof logFilterSchema>;
export type LogListQuery = z.infer<typeof logListSchema>;
