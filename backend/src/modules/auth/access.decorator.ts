import { SetMetadata } from '@nestjs/common';
import { Role } from '@gw/shared';

/**
 * Who may call a route. Every controller or handler declares one; a route without it is root-only
 * (fail closed). 'relay' routes authenticate API keys themselves.
 */
export type AccessLevel = 'public' | 'user' | 'admin' | 'root' | 'relay';
export const ACCESS_KEY = 'gw:access';
export const Access = (level: AccessLevel) => SetMetadata(ACCESS_KEY, level);

/** The least role a signed-in caller needs for a console level. */
export const REQUIRED_ROLE: Record<Exclude<AccessLevel, 'public' | 'relay'>, Role> = {
  user: Role.User,
  admin: Role.Admin,
  root: Role.Root,
};
