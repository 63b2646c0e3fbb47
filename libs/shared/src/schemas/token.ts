/**
 * Request bodies of the token routes (docs/console.md#tokens). The server validates with these; the
 * token drawer takes its bounds and defaults from the same constants and checks its payload with them.
 */
import { z } from 'zod';
import { pagingSchema } from './paging';

/** A token's request rate limit: at most `count` requests (and `success` successful ones) per `period` seconds. */
export const TOKEN_RATE_LIMIT = {
  period: { min: 1, max: 86400 * 31, default: 60 },
  count: { min: 0, max: 1e9, default: 1000 },
  success: { min: 1, max: 1e9, default: 10 },
} as const;

/** The rate-limit fields a new token starts with, as the API names them. */
export const TOKEN_RATE_LIMIT_DEFAULTS = {
  rate_limit_period: TOKEN_RATE_LIMIT.period.default,
  rate_limit_count: TOKEN_RATE_LIMIT.count.default,
  rate_limit_success: TOKEN_RATE_LIMIT.success.default,
} as const;

export const TOKEN_NAME_MAX = 64;
/** Tokens created by one request ("batch"): 1..100. */
export const TOKEN_BATCH_MAX = 100;

const R = TOKEN_RATE_LIMIT;
const quota = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const bounded = (b: { min: number; max: number }) => z.number().int().min(b.min).max(b.max);

/** Fields a user sets on their own token, without defaults (updates change only what is sent). */
const tokenFields = z.object({
  name: z.string().trim().max(TOKEN_NAME_MAX),
  remain_quota: quota,
  unlimited_quota: z.boolean(),
  expired_time: z.number().int().min(-1).max(253402300799),
  model_limits_enabled: z.boolean(),
  model_limits: z.string().max(65535),
  allow_ips: z.string().max(65535).nullable(),
  group: z.string().trim().max(64),
  rate_limit_enabled: z.boolean(),
  rate_limit_period: bounded(R.period),
  rate_limit_count: bounded(R.count),
  rate_limit_success: bounded(R.success),
});

/** Creation defaults (docs/console.md#tokens). */
const tokenFieldsSchema = tokenFields.extend({
  remain_quota: quota.default(0),
  unlimited_quota: z.boolean().default(false),
  expired_time: tokenFields.shape.expired_time.default(-1),
  model_limits_enabled: z.boolean().default(false),
  model_limits: tokenFields.shape.model_limits.default(''),
  allow_ips: tokenFields.shape.allow_ips.default(''),
  group: tokenFields.shape.group.default(''),
  rate_limit_enabled: z.boolean().default(false),
  rate_limit_period: tokenFields.shape.rate_limit_period.default(R.period.default),
  rate_limit_count: tokenFields.shape.rate_limit_count.default(R.count.default),
  rate_limit_success: tokenFields.shape.rate_limit_success.default(R.success.default),
});

/** POST /api/token/. */
export const createTokenSchema = tokenFieldsSchema.extend({
  name: z.string({ message: 'token.name_required' }).trim().min(1, 'token.name_required').max(TOKEN_NAME_MAX, 'token.name_too_long'),
  /** Several tokens at once: every one after the first gets "-" and a 6-character suffix. */
  count: z
    .number({ message: 'token.count_invalid' })
    .int('token.count_invalid')
    .min(1, 'token.count_invalid')
    .max(TOKEN_BATCH_MAX, 'token.count_invalid')
    .optional(),
});

/** PUT /api/token/: the id and the fields that change (status alone with ?status_only). */
export const updateTokenSchema = tokenFields.partial().extend({
  id: z.number().int().positive(),
  status: z.number().int().min(1).max(4).optional(),
});

/** GET /api/token/search. */
export const tokenSearchSchema = pagingSchema.extend({
  keyword: z.string().trim().max(64).optional().default(''),
  token: z.string().trim().max(128).optional().default(''),
});

/** POST /api/token/{id}/key: the owner's key, without the `sk-` prefix (as new-api answers it). */
export const tokenKeySchema = z.object({ key: z.string() });
export type TokenKey = z.infer<typeof tokenKeySchema>;
