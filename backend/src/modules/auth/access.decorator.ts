import { SetMetadata } from '@nestjs/common';

/**
 * Who may call a route. Every controller or handler declares one; a route without it is root-only
 * (fail closed). 'relay' routes authenticate API keys themselves.
 */
export type AccessLevel = 'public' | 'user' | 'admin' | 'root' | 'relay';
export const ACCESS_KEY = 'gw:access';
export const Access = (level: AccessLevel) => SetMetadata(ACCESS_KEY, level);
