/** Query of the dashboard routes GET /api/data/ and /api/data/self/ (docs/dashboard.md). */
import { z } from 'zod';
import { GRANULARITIES } from '../usage-buckets';

const DAY = 86400;
/** Longest range one query may cover. */
export const DATA_MAX_SPAN_DAYS = 366;
/** Longest range answered hour by hour (a year of hours for every model would be megabytes). */
export const DATA_MAX_HOURLY_SPAN_DAYS = 31;

const epoch = (key: string) => z.coerce.number({ message: key }).int(key).min(0, key).max(32503680000, key);

export const quotaDataQuerySchema = z
  .object({
    /** Admin route only: one user's rows; empty = every user. */
    username: z.string().trim().max(64).optional().default(''),
    start_timestamp: epoch('data.start_timestamp_invalid'),
    end_timestamp: epoch('data.end_timestamp_invalid'),
    default_time: z.enum(GRANULARITIES, { message: 'data.granularity_invalid' }).optional().default('hour'),
  })
  .superRefine((q, ctx) => {
    const span = q.end_timestamp - q.start_timestamp;
    if (span < 0) ctx.addIssue({ code: 'custom', message: 'data.range_order', path: ['end_timestamp'] });
    else if (span > DATA_MAX_SPAN_DAYS * DAY) ctx.addIssue({ code: 'custom', message: 'data.range_too_long', path: ['end_timestamp'] });
    else if (q.default_time === 'hour' && span > DATA_MAX_HOURLY_SPAN_DAYS * DAY)
      ctx.addIssue({ code: 'custom', message: 'data.hourly_range_too_long', path: ['default_time'] });
  });

export type QuotaDataQuery = z.infer<typeof quotaDataQuerySchema>;
