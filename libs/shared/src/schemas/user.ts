/**
 * Request bodies of the user routes (docs/console-api.md, docs/admin-quota.md). The server validates
 * with these; the user drawers and the personal settings check their payloads with the same schemas.
 */
import { z } from 'zod';
import { USER_MANAGE_ACTIONS } from '../enums';
import { checkWebhookUrl, DISPLAY_NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, type RuleResult } from '../validation';
import { schemaProblem } from './problem';

export const USER_REMARK_MAX = 255;

const username = z.string().trim().min(1, 'user.add_required').max(USERNAME_MAX, 'user.username_too_long');
/** A new password: PASSWORD_MIN..PASSWORD_MAX characters. */
export const userPasswordSchema = z.string().min(PASSWORD_MIN, 'user.password_too_short').max(PASSWORD_MAX, 'user.password_too_long');
const password = userPasswordSchema;
const displayName = z.string().trim().max(DISPLAY_NAME_MAX, 'user.display_name_too_long');
const quota = z
  .number({ message: 'user.quota_invalid' })
  .int('user.quota_invalid')
  .min(0, 'user.quota_invalid')
  .max(Number.MAX_SAFE_INTEGER, 'user.quota_invalid');
/** A balance as loaded (it may be below zero by an admitted overage) or a change to one. */
const signedQuota = z
  .number({ message: 'user.quota_invalid' })
  .int('user.quota_invalid')
  .min(-Number.MAX_SAFE_INTEGER, 'user.quota_invalid')
  .max(Number.MAX_SAFE_INTEGER, 'user.quota_invalid');

/** POST /api/user/ (admin). */
export const createUserSchema = z.object({
  username: z.string({ message: 'user.add_required' }).trim().min(1, 'user.add_required').max(USERNAME_MAX, 'user.username_too_long'),
  password: z.string({ message: 'user.add_required' }).min(1, 'user.add_required').pipe(password),
  display_name: displayName.optional().default(''),
  role: z.number().int().optional(),
  remark: z.string().max(USER_REMARK_MAX).optional(),
});

/**
 * PUT /api/user/ (admin edit). Quota, one of: `quota` + `original_quota` (the console: the value it
 * loaded; the difference is applied), `quota_delta` (add, or subtract when negative), or `quota` alone
 * (an absolute set, as new-api's console sends it). See docs/admin-quota.md.
 */
export const updateUserSchema = z
  .object({
    id: z.number().int().positive(),
    username: username.optional(),
    display_name: displayName.optional(),
    password: z.union([z.literal(''), password]).optional(),
    group: z.string().trim().min(1).max(64).optional(),
    quota: quota.optional(),
    original_quota: signedQuota.optional(),
    quota_delta: signedQuota.optional(),
    remark: z.string().max(USER_REMARK_MAX).optional(),
  })
  .superRefine((d, ctx) => {
    if (d.original_quota !== undefined && d.quota === undefined) ctx.addIssue({ code: 'custom', message: 'user.quota_invalid' });
    if (d.quota_delta !== undefined && d.quota !== undefined) ctx.addIssue({ code: 'custom', message: 'user.quota_invalid' });
  });

/** POST /api/user/manage. */
export const manageUserSchema = z.object({
  id: z.number().int().positive(),
  action: z.enum(USER_MANAGE_ACTIONS, { message: 'user.invalid_action' }),
});

/** GET /api/user/search. */
export const searchUserSchema = z.object({
  keyword: z.string().max(128).optional().default(''),
  group: z.string().max(64).optional().default(''),
});

/** PUT /api/user/self: the signed-in user's own name and password. */
export const updateSelfSchema = z.object({
  username: username.optional(),
  display_name: displayName.optional(),
  password: z.union([z.literal(''), password]).optional(),
  original_password: z.string().max(128).optional(),
});

/** PUT /api/user/setting: notification preferences. */
export const userSettingSchema = z
  .object({
    notify_type: z.enum(['email', 'webhook']).default('email'),
    quota_warning_threshold: z.number().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
    webhook_url: z.string().trim().max(1024).optional().default(''),
    /** Left out: the stored secret stays; '' clears it (the server's mergeSetting). */
    webhook_secret: z.string().max(256).optional(),
    notification_email: z.union([z.literal(''), z.email('user.notification_email_invalid')]).optional().default(''),
    accept_unset_model_ratio_model: z.boolean().optional().default(false),
  })
  .superRefine((s, ctx) => {
    const webhookProblem = checkWebhookUrl(s.webhook_url);
    if (webhookProblem) ctx.addIssue({ code: 'custom', message: webhookProblem });
    if (s.notify_type === 'webhook' && !s.webhook_url) ctx.addIssue({ code: 'custom', message: 'user.webhook_url_required' });
  });

/** The add-user form: username and password required, then their lengths (createUserSchema's rules). */
export function checkAddUser(f: { username: string; password: string }): RuleResult {
  return schemaProblem(createUserSchema.pick({ username: true, password: true }), f);
}

/** Password on edit: optional, but when given it follows the same length rule. */
export function checkOptionalPassword(password: string | undefined): RuleResult {
  return password ? schemaProblem(userPasswordSchema, password) : null;
}

/** A new password and its confirmation. */
export function checkPasswordChange(password: string, confirm: string): RuleResult {
  return checkOptionalPassword(password) ?? (password !== confirm ? 'user.password_mismatch' : null);
}

/**
 * POST /api/user/aff_transfer: the quota to move from invite earnings to the balance. At least one
 * quota unit (QuotaPerUnit) is checked by the server, which knows the option (docs/invite.md).
 */
export const affTransferSchema = z.object({
  quota: z
    .number({ message: 'user.transfer_invalid' })
    .int('user.transfer_invalid')
    .positive('user.transfer_invalid')
    .max(Number.MAX_SAFE_INTEGER, 'user.transfer_invalid'),
});
export type AffTransferDto = z.infer<typeof affTransferSchema>;

/**
 * GET /api/user/oauth/bindings: the caller's bound third-party accounts, in the shape new-api gives its
 * custom providers (docs/newapi-compat.md). The built-in providers here have no numeric id: 0.
 */
export const oauthBindingSchema = z.object({
  provider_id: z.number().int(),
  provider_name: z.string(),
  provider_slug: z.enum(['github', 'oidc', 'linuxdo', 'wechat', 'telegram']),
  provider_icon: z.string(),
  provider_user_id: z.string(),
});
export type OAuthBinding = z.infer<typeof oauthBindingSchema>;
