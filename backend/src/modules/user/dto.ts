import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, DISPLAY_NAME_MAX, USER_MANAGE_ACTIONS } from '@gw/shared';
import { z } from 'zod';

const username = z.string().trim().min(1, 'user.add_required').max(USERNAME_MAX, 'user.username_too_long');
const password = z.string().min(PASSWORD_MIN, 'user.password_too_short').max(PASSWORD_MAX, 'user.password_too_long');
const displayName = z.string().trim().max(DISPLAY_NAME_MAX, 'user.display_name_too_long');
const quota = z.number({ message: 'user.quota_invalid' }).int('user.quota_invalid').min(0, 'user.quota_invalid').max(Number.MAX_SAFE_INTEGER, 'user.quota_invalid');

export const createUserSchema = z.object({
  username: z.string({ message: 'user.add_required' }).trim().min(1, 'user.add_required').max(USERNAME_MAX, 'user.username_too_long'),
  password: z.string({ message: 'user.add_required' }).min(1, 'user.add_required').pipe(password),
  display_name: displayName.optional().default(''),
  role: z.number().int().optional(),
  remark: z.string().max(255).optional(),
});
export type CreateUserDto = z.infer<typeof createUserSchema>;

export const updateUserSchema = z.object({
  id: z.number().int().positive(),
  username: username.optional(),
  display_name: displayName.optional(),
  password: z.union([z.literal(''), password]).optional(),
  group: z.string().trim().min(1).max(64).optional(),
  quota: quota.optional(),
  remark: z.string().max(255).optional(),
});
export type UpdateUserDto = z.infer<typeof updateUserSchema>;

export const manageUserSchema = z.object({
  id: z.number().int().positive(),
  action: z.enum(USER_MANAGE_ACTIONS, { message: 'user.invalid_action' }),
});

export const searchUserSchema = z.object({
  keyword: z.string().max(128).optional().default(''),
  group: z.string().max(64).optional().default(''),
});

export const updateSelfSchema = z.object({
  username: username.optional(),
  display_name: displayName.optional(),
  password: z.union([z.literal(''), password]).optional(),
  original_password: z.string().max(128).optional(),
});
export type UpdateSelfDto = z.infer<typeof updateSelfSchema>;

export const userSettingSchema = z
  .object({
    notify_type: z.enum(['email', 'webhook']).default('email'),
    quota_warning_threshold: z.number().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
    webhook_url: z.string().trim().max(1024).optional().default(''),
    webhook_secret: z.string().max(256).optional().default(''),
    notification_email: z.union([z.literal(''), z.email('user.notification_email_invalid')]).optional().default(''),
    accept_unset_model_ratio_model: z.boolean().optional().default(false),
  })
  .superRefine((s, ctx) => {
    if (s.webhook_url && !/^https:\/\/[^\s]+$/i.test(s.webhook_url)) ctx.addIssue({ code: 'custom', message: 'user.webhook_https_only' });
    if (s.notify_type === 'webhook' && !s.webhook_url) ctx.addIssue({ code: 'custom', message: 'user.webhook_url_required' });
  });
export type UserSettingDto = z.infer<typeof userSettingSchema>;
