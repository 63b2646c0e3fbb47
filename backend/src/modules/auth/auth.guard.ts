import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Role, UserStatus } from '@gw/shared';
import type { FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { AppError } from '../../common/http/app-error';
import { UserService, type AuthRecord } from '../user/user.service';
import { ACCESS_KEY, type AccessLevel } from './access.decorator';
import type { AuthUser } from './auth-user';
import { keyedHash } from './secrets';
import { SessionService } from './session.service';

const REQUIRED_ROLE: Record<Exclude<AccessLevel, 'public' | 'relay'>, Role> = {
  user: Role.User,
  admin: Role.Admin,
  root: Role.Root,
};

/**
 * Global guard for console routes. The caller is identified by the session cookie, or by an access
 * token (Authorization) together with New-Api-User; role and status come from the database on every
 * request, so a ban or demotion applies to the very next call.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly users: UserService,
    private readonly sessions: SessionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const level = this.reflector.getAllAndOverride<AccessLevel>(ACCESS_KEY, [ctx.getHandler(), ctx.getClass()]) ?? 'root';
    if (level === 'public' || level === 'relay') return true;
    const req = ctx.switchToHttp().getRequest<FastifyRequest>();
    const user = await this.authenticate(req);
    req.authUser = user;
    if (user.role < REQUIRED_ROLE[level]) throw AppError.forbidden();
    return true;
  }

  private async authenticate(req: FastifyRequest): Promise<AuthUser> {
    const headerUser = req.headers['new-api-user'];
    const claimedId = headerUser === undefined || headerUser === '' ? undefined : Number(headerUser);
    const authorization = req.headers.authorization?.replace(/^Bearer\s+/i, '').trim();

    let record: AuthRecord | null;
    let via: AuthUser['via'];
    if (authorization) {
      if (claimedId === undefined) throw AppError.unauthorized('auth.user_header_missing');
      record = await this.users.findForAuthByAccessToken(keyedHash(this.config.cryptoSecret, authorization));
      if (!record || record.id !== claimedId) throw AppError.unauthorized('auth.invalid_access_token');
      via = 'token';
    } else {
      const claims = this.sessions.read(req);
      if (!claims) throw AppError.unauthorized();
      record = await this.users.findForAuth(claims.userId);
      if (!record || record.session_version !== claims.sessionVersion) throw AppError.unauthorized();
      if (claimedId !== undefined && claimedId !== record.id) throw AppError.unauthorized('auth.user_header_mismatch');
      via = 'session';
    }
    if (record.deleted_at) throw AppError.unauthorized();
    if (record.status !== UserStatus.Enabled) throw AppError.unauthorized('auth.user_banned');
    return {
      id: record.id,
      username: record.username,
      role: record.role,
      group: record.group,
      sessionVersion: record.session_version,
      via,
    };
  }
}
