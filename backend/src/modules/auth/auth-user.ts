import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Role } from '@gw/shared';

/** The signed-in caller, as loaded from the database for this request. */
export interface AuthUser {
  id: number;
  username: string;
  role: Role;
  group: string;
  sessionVersion: number;
  /** 'session' (cookie) or 'token' (access token + New-Api-User). */
  via: 'session' | 'token';
}

declare module 'fastify' {
  interface FastifyRequest {
    authUser?: AuthUser;
  }
}

export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser => {
  const user = ctx.switchToHttp().getRequest<import('fastify').FastifyRequest>().authUser;
  if (!user) throw new Error('CurrentUser used on a route without authentication');
  return user;
});
