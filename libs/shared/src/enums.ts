/** Roles as stored in users.role. The console treats >= Admin as admin, >= Root as super admin. */
export enum Role {
  Guest = 0,
  User = 1,
  Admin = 10,
  Root = 100,
}

export enum UserStatus {
  Enabled = 1,
  Disabled = 2,
  /** Reserved: Enable is refused for this status. */
  Locked = 3,
}

export enum TokenStatus {
  Enabled = 1,
  Disabled = 2,
  Expired = 3,
  Exhausted = 4,
}

export enum ChannelStatus {
  Unknown = 0,
  Enabled = 1,
  ManuallyDisabled = 2,
  AutoDisabled = 3,
}

export enum RedemptionStatus {
  Unused = 1,
  Disabled = 2,
  Used = 3,
}

export enum LogType {
  Unknown = 0,
  TopUp = 1,
  Consume = 2,
  Manage = 3,
  System = 4,
  CheckIn = 5,
  Error = 6,
}

export enum TopUpStatus {
  Pending = 'pending',
  Success = 'success',
  Expired = 'expired',
}

export enum QuotaType {
  PerToken = 0,
  PerCall = 1,
}

export const USER_MANAGE_ACTIONS = ['promote', 'demote', 'disable', 'enable', 'delete'] as const;
export type UserManageAction = (typeof USER_MANAGE_ACTIONS)[number];

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

export const DEFAULT_GROUP = 'default';
