/** User request schemas: defined once in libs/shared (schemas/user.ts), used here by the routes. */
import type { createUserSchema, updateSelfSchema, updateUserSchema, userSettingSchema } from '@gw/shared';
import type { z } from 'zod';

export { createUserSchema, manageUserSchema, searchUserSchema, updateSelfSchema, updateUserSchema, userSettingSchema } from '@gw/shared';

export type CreateUserDto = z.infer<typeof createUserSchema>;
export type UpdateUserDto = z.infer<typeof updateUserSchema>;
export type UpdateSelfDto = z.infer<typeof updateSelfSchema>;
export type UserSettingDto = z.infer<typeof userSettingSchema>;

export type QuotaChange = { kind: 'delta'; delta: number } | { kind: 'set'; quota: number };

/** How an admin edit moves the quota, if at all (docs/admin-quota.md). */
export function quotaChangeOf(dto: Pick<UpdateUserDto, 'quota' | 'original_quota' | 'quota_delta'>): QuotaChange | null {
  if (dto.quota_delta !== undefined) return { kind: 'delta', delta: dto.quota_delta };
  if (dto.quota === undefined) return null;
  if (dto.original_quota !== undefined) return { kind: 'delta', delta: dto.quota - dto.original_quota };
  return { kind: 'set', quota: dto.quota };
}
