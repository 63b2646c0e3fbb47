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
export const redemptionRecordSchema = z
  .strictObject({
    id: z.number().int(),
    user_id: z.number().int(),
    key: z.string(),
    status: z.number().int().describe('1 unused, 2 disabled, 3 used.'),
    name: z.string(),
    quota: z.number().int(),
    created_time: z.number().int(),
    redeemed_time: z.number().int(),
    used_user_id: z.number().int(),
    is_gift: z.boolean(),
    max_uses: z.number().int().describe('Gift codes: uses allowed, -1 unlimited.'),
    used_count: z.number().int(),
    valid_from: z.number().int().describe('Epoch seconds; 0 unset.'),
    valid_until: z.number().int().describe('Epoch seconds; 0 unset.'),
  })
  .meta({ id: 'Redemption' });
export type RedemptionRecord = z.infer<typeof redemptionRecordSchema>;

/** What the redeem call answers: the credited quota and whether the code was a gift code. */
export const redeemResultSchema = z.strictObject({ quota: z.number().int(), is_gift: z.boolean() }).meta({ id: 'RedeemResult' });
export type RedeemResult = z.infer<typeof redeemResultSchema>;
