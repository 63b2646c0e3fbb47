import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Role } from '@gw/shared';

/** The signed-in caller, as loaded from the database for this request. */
export interface AuthUser {
  id: number;
  username: string;
  role: Role;
  group: string;
  /** 'session' (cookie + New-Api-User) or 'token' (access token + New-Api-User). */
  via: 'session' | 'token';
  /** The session this request came with (its stored key); undefined for access-token calls. */
  sessionKey?: string;
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
