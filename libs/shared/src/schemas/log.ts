/** Queries of the log routes (docs/console-api.md#log-filters). */
import { z } from 'zod';
import { LogType } from '../enums';
import { pageIndexSchema, pageSizeWithDefaultSchema } from './paging';


const text = z.string().trim().max(191).optional().default('');
const epoch = z.coerce.number().int().min(0).max(32503680000).optional();

/** Filters of GET /api/log/ and /api/log/stat; the self variants ignore username and channel. */
export const logFilterSchema = z.object({
  type: z.coerce.number().int().min(0).max(LogType.Error).optional().default(0),
  username: text,
  token_name: text,
  model_name: text,
  group: text,
  channel: z.coerce.number().int().min(0).optional().default(0),
  start_timestamp: epoch,
  end_timestamp: epoch,
});

/** GET /api/log/ and /api/log/self: the filters plus a page. */
export const logListSchema = logFilterSchema.extend({
  p: pageIndexSchema,
  page_size: pageSizeWithDefaultSchema,
});

/** DELETE /api/log/: logs older than the timestamp go. */
export const logDeleteSchema = z.object({
  target_timestamp: z.coerce
    .number({ message: 'log.target_timestamp_required' })
    .int('log.target_timestamp_required')
    .positive('log.target_timestamp_required'),
});
