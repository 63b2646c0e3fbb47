import { z } from 'zod';

const quota = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** Fields a user sets on their own token, without defaults (updates change only what is sent). */
const tokenFields = z.object({
  name: z.string().trim().max(64),
  remain_quota: quota,
  unlimited_quota: z.boolean(),
  expired_time: z.number().int().min(-1).max(253402300799),
  model_limits_enabled: z.boolean(),
  model_limits: z.string().max(65535),
  allow_ips: z.string().max(65535).nullable(),
  group: z.string().trim().max(64),
  rate_limit_enabled: z.boolean(),
  rate_limit_period: z.number().int().min(1).max(86400 * 31),
  rate_limit_count: z.number().int().min(0).max(1e9),
  rate_limit_success: z.number().int().min(1).max(1e9),
});

/** Creation defaults (docs/console.md#tokens). */
export const tokenFieldsSchema = tokenFields.extend({
  remain_quota: quota.default(0),
  unlimited_quota: z.boolean().default(false),
  expired_time: tokenFields.shape.expired_time.default(-1),
  model_limits_enabled: z.boolean().default(false),
  model_limits: tokenFields.shape.model_limits.default(''),
  allow_ips: tokenFields.shape.allow_ips.default(''),
  group: tokenFields.shape.group.default(''),
  rate_limit_enabled: z.boolean().default(false),
  rate_limit_period: tokenFields.shape.rate_limit_period.default(60),
  rate_limit_count: tokenFields.shape.rate_limit_count.default(1000),
  rate_limit_success: tokenFields.shape.rate_limit_success.default(10),
});

export const createTokenSchema = tokenFieldsSchema.extend({
  name: z.string({ message: 'token.name_required' }).trim().min(1, 'token.name_required').max(64, 'token.name_too_long'),
  /** Several tokens at once: every one after the first gets "-" and a 6-character suffix. */
  count: z.number({ message: 'token.count_invalid' }).int('token.count_invalid').min(1, 'token.count_invalid').max(100, 'token.count_invalid').optional(),
});
export type CreateTokenDto = z.infer<typeof createTokenSchema>;

export const updateTokenSchema = tokenFields.partial().extend({
  id: z.number().int().positive(),
  status: z.number().int().min(1).max(4).optional(),
});
export type UpdateTokenDto = z.infer<typeof updateTokenSchema>;

export const tokenSearchSchema = z.object({
  keyword: z.string().trim().max(64).optional().default(''),
  token: z.string().trim().max(128).optional().default(''),
  p: z.coerce.number().int().min(0).max(1_000_000).default(0),
  size: z.coerce.number().int().min(1).max(100).optional(),
  page_size: z.coerce.number().int().min(1).max(100).optional(),
});
export type TokenSearchQuery = z.infer<typeof tokenSearchSchema>;
