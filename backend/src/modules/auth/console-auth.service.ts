import { Inject, Injectable } from '@nestjs/common';
import { UserStatus } from '@gw/shared';
import type { FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { AppError } from '../../common/http/app-error';
import { UserService, type AuthRecord } from '../user/user.service';
import type { AuthUser } from './auth-user';
import { keyedHash } from './secrets';
import { SessionService } from './session.service';

/**
 * Who calls a console route, from the request head: the session cookie or an access token
 * (Authorization), each together with New-Api-User naming the same user. A request that only carries
 * the cookie (a cross-origin `<img>` or link) is refused (docs/security/sessions.md). Role and status
 * come from the database on every call, so a ban or demotion applies to the very next request.
 * Used by AuthGuard, and before a large body is read (docs/security/bodies-and-headers.md).
 */
@Injectable()
export class ConsoleAuthService {
  constructor(
    private readonly users: UserService,
    private readonly sessions: SessionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The caller, or a 401 AppError saying why not. */
  async authenticate(req: FastifyRequest): Promise<AuthUser> {
    const claimedId = claimedUserId(req);
    const authorization = req.headers.authorization?.replace(/^Bearer\s+/i, '').trim();

    let record: AuthRecord | null;
    let sessionKey: string | undefined;
    if (authorization) {
      if (claimedId === undefined) throw AppError.unauthorized('auth.user_header_missing');
      record = await this.users.findForAuthByAccessToken(keyedHash(this.config.cryptoSecret, authorization));
      if (!record || record.id !== claimedId) throw AppError.unauthorized('auth.invalid_access_token');
    } else {
      const key = this.sessions.keyFromCookie(req);
      if (!key) throw AppError.unauthorized();
      // Checked before the lookup: a cookie-only request costs no query.
      if (claimedId === undefined) throw AppError.unauthorized('auth.user_header_missing');
      const session = await this.sessions.resolve(key);
      if (!session) throw AppError.unauthorized();
      if (session.user.id !== claimedId) throw AppError.unauthorized('auth.user_header_mismatch');
      record = session.user;
      sessionKey = session.key;
    }
    if (record.deleted_at) throw AppError.unauthorized();
    if (record.status !== UserStatus.Enabled) throw AppError.unauthorized('auth.user_banned');
    return {
      id: record.id,
      username: record.username,
      role: record.role,
      group: record.group,
      via: sessionKey ? 'session' : 'token',
      sessionKey,
    };
  }
}

/** New-Api-User as a user id: undefined when absent or empty, NaN (matches no one) when not a number. */
function claimedUserId(req: FastifyRequest): number | undefined {
  const header = req.headers['new-api-user'];
  const value = Array.isArray(header) ? header.join(',') : header?.trim();
  if (!value) return undefined;
  return /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
}
