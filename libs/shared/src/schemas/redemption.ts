/**
 * Request bodies of the redemption-code routes and the wallet's redeem call (docs/redemption.md).
 * The server validates with these; the console's drawer takes its bounds and defaults from here.
 */
import { z } from 'zod';
import { pagingSchema } from './paging';

/** A new code's defaults: quota, how many codes, and the gift code's use limit (-1 = unlimited). */
export const REDEMPTION_DEFAULTS = { quota: 100000, count: 1, max_uses: -1 } as const;
/** Codes created by one request: 1..100. */
export const REDEMPTION_BATCH_MAX = 100;
export const REDEMPTION_NAME_MAX = 20;
/** Length of a generated code (crypto-random alphanumerics). */
export const REDEMPTION_KEY_LENGTH = 32;
/** An admin-chosen code: 4..64 characters of letters, digits, dash and underscore. */
const KEY_PATTERN = /^[A-Za-z0-9_-]{4,64}$/;
/** Latest accepted epoch second (9999-12-31). */
const EPOCH_MAX = 253402300799;

const quota = z
  .number({ message: 'redemption.quota_invalid' })
  .int('redemption.quota_invalid')
  .min(1, 'redemption.quota_invalid')
  .max(Number.MAX_SAFE_INTEGER, 'redemption.quota_invalid');
const maxUses = z
  .number({ message: 'redemption.max_uses_invalid' })
  .int('redemption.max_uses_invalid')
  .min(-1, 'redemption.max_uses_invalid')
  .max(1e9, 'redemption.max_uses_invalid')
  .refine((n) => n !== 0, 'redemption.max_uses_invalid');
const epoch = z.number({ message: 'redemption.time_invalid' }).int('redemption.time_invalid').min(0, 'redemption.time_invalid').max(EPOCH_MAX, 'redemption.time_invalid');
const name = z.string({ message: 'redemption.name_length' }).trim().max(REDEMPTION_NAME_MAX, 'redemption.name_length');

/** valid_from must come before valid_until when both are set (0 = unset). */
function validWindow(v: { valid_from?: number; valid_until?: number }): boolean {
  return !v.valid_from || !v.valid_until || v.valid_from < v.valid_until;
}
const WINDOW_ISSUE = { message: 'redemption.valid_range', path: ['valid_until'] };

/** POST /api/redemption/: an empty name becomes the formatted quota (the server's own rendering). */
export const createRedemptionSchema = z
  .object({
    name: name.default(''),
    quota: quota.default(REDEMPTION_DEFAULTS.quota),
    count: z
      .number({ message: 'redemption.count_invalid' })
      .int('redemption.count_invalid')
      .min(1, 'redemption.count_invalid')
      .max(REDEMPTION_BATCH_MAX, 'redemption.count_invalid')
      .default(REDEMPTION_DEFAULTS.count),
    is_gift: z.boolean().default(false),
    max_uses: maxUses.default(REDEMPTION_DEFAULTS.max_uses),
    valid_from: epoch.default(0),
    valid_until: epoch.default(0),
    /** A chosen code instead of a generated one (count must then be 1). */
    key: z.string().trim().regex(KEY_PATTERN, 'redemption.key_invalid').optional(),
  })
  .refine(validWindow, WINDOW_ISSUE)
  .refine((v) => v.key === undefined || v.count === 1, { message: 'redemption.key_needs_single', path: ['key'] });

/** PUT /api/redemption/: the id and what changes; with ?status_only=true only `status` (1 or 2). */
export const updateRedemptionSchema = z
  .object({
    id: z.number().int().positive(),
    name: name.min(1, 'redemption.name_length').optional(),
    quota: quota.optional(),
    is_gift: z.boolean().optional(),
    max_uses: maxUses.optional(),
    valid_from: epoch.optional(),
    valid_until: epoch.optional(),
    status: z.number().int().optional(),
  })
  .refine(validWindow, WINDOW_ISSUE);

/** GET /api/redemption/search: keyword is an id or a fragment of the name. */
export const redemptionSearchSchema = pagingSchema.extend({
  keyword: z.string().trim().max(64).optional().default(''),
});

/** ?name= of count-by-name and delete-by-name (the exact name). */
export const redemptionNameQuerySchema = z.object({
  name: z.string({ message: 'redemption.name_length' }).trim().min(1, 'redemption.name_length').max(REDEMPTION_NAME_MAX, 'redemption.name_length'),
});

/** PUT /api/redemption/batch-disable. */
export const redemptionIdsSchema = z.object({
  ids: z.array(z.number().int().positive(), { message: 'redemption.ids_required' }).min(1, 'redemption.ids_required').max(1000),
});

/** POST /api/user/topup (the wallet's redeem). */
export const redeemSchema = z.object({
  key: z.string({ message: 'redemption.key_required' }).trim().min(1, 'redemption.key_required').max(64, 'redemption.invalid'),
});

/** Whether a gift code has no uses left (-1 = unlimited). */
export function giftExhausted(code: { is_gift: boolean; max_uses: number; used_count: number }): boolean {
  return code.is_gift && code.max_uses !== -1 && code.used_count >= code.max_uses;
}

/** A redemption code as the admin API answers it (the code itself included: admins hand it out). */
export interface RedemptionRecord {
  id: number;
  user_id: number;
  key: string;
  status: number;
  name: string;
  quota: number;
  created_time: number;
  redeemed_time: number;
  used_user_id: number;
  is_gift: boolean;
  max_uses: number;
  used_count: number;
  valid_from: number;
  valid_until: number;
}

/** What the redeem call answers: the credited quota and whether the code was a gift code. */
export interface RedeemResult {
  quota: number;
  is_gift: boolean;
}
