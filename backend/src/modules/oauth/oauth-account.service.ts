import { randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { USERNAME_MAX, UserStatus, type LoginResult } from '@gw/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../common/http/app-error';
import type { UserEntity } from '../../database/entities';
import type { AuthUser } from '../auth/auth-user';
import { ConsoleAuthService } from '../auth/console-auth.service';
import { loginResultOf } from '../auth/login-result';
import { SESSION_COOKIE, SessionService } from '../auth/session.service';
import { SignUpService } from '../auth/sign-up.service';
import { OptionService } from '../option/option.service';
import { UserIdentityService, type Identity } from '../user/user-identity.service';
import { UserService } from '../user/user.service';
import type { ExternalProfile } from './providers/provider';

/** What a third-party sign-in came to. */
export type AccountOutcome = { readonly kind: 'bound' } | { readonly kind: 'signed_in'; readonly result: LoginResult };

export interface SignInRequest {
  /** Username prefix of accounts it creates: github, oidc, linuxdo, wechat, telegram. */
  readonly prefix: string;
  readonly identity: Identity;
  readonly profile: Omit<ExternalProfile, 'id'>;
  /** Invite code for a new account ('' for none). */
  readonly aff: string;
}

const USERNAME_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const USERNAME_ATTEMPTS = 8;
const DISPLAY_NAME_MAX = 20;

/**
 * What a verified third-party identity does (docs/identity/third-party-sign-in.md): bound to the
 * signed-in caller when the request carries a console session; otherwise it signs in the user holding
 * it (refused when that account is banned or deleted); otherwise, with registration on, it creates an
 * account through the sign-up transaction and signs that in.
 */
@Injectable()
export class OAuthAccountService {
  constructor(
    private readonly consoleAuth: ConsoleAuthService,
    private readonly sessions: SessionService,
    private readonly signUp: SignUpService,
    private readonly identities: UserIdentityService,
    private readonly users: UserService,
    private readonly options: OptionService,
  ) {}

  /** The signed-in caller (session cookie or access token, each with New-Api-User), or null. */
  async callerOf(req: FastifyRequest): Promise<AuthUser | null> {
    if (!req.cookies?.[SESSION_COOKIE] && !req.headers.authorization) return null;
    try {
      return await this.consoleAuth.authenticate(req);
    } catch {
      return null;
    }
  }

  async bind(caller: AuthUser, identity: Identity): Promise<void> {
    await this.identities.bind(caller.id, identity);
  }

  /** Binds for a signed-in caller, else signs in or signs up. */
  async complete(req: FastifyRequest, reply: FastifyReply, r: SignInRequest): Promise<AccountOutcome> {
    const caller = await this.callerOf(req);
    if (caller) {
      await this.bind(caller, r.identity);
      return { kind: 'bound' };
    }
    return { kind: 'signed_in', result: await this.signIn(req, reply, r) };
  }

  /** Signs in the holder of the identity, or signs up a new account holding it. */
  async signIn(req: FastifyRequest, reply: FastifyReply, r: SignInRequest): Promise<LoginResult> {
    const user = (await this.identities.findByIdentity(r.identity)) ?? (await this.register(r));
    if (user.deleted_at) throw AppError.forbidden('oauth.user_deleted');
    if (user.status !== UserStatus.Enabled) throw AppError.forbidden('auth.user_banned');
    await this.sessions.start(req, reply, { userId: user.id, sessionVersion: user.session_version });
    return loginResultOf(user);
  }

  private async register(r: SignInRequest): Promise<UserEntity> {
    if (!this.options.settings.RegisterEnabled) throw AppError.forbidden('auth.register_disabled');
    const email = r.profile.email && !(await this.users.findByLogin(r.profile.email)) ? r.profile.email : '';
    const display_name = (r.profile.displayName ?? '').trim().slice(0, DISPLAY_NAME_MAX) || undefined;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.signUp.createAccount({
          username: usernameFor(r.prefix),
          // No password: password sign-in never matches an empty hash (PasswordService.verify).
          passwordHash: '',
          display_name,
          email,
          aff_code: r.aff || undefined,
          identity: r.identity,
        });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        if (err.key === 'register.username_taken' && attempt < USERNAME_ATTEMPTS) continue;
        // The same identity signed up at the same moment in another request: that account it is.
        if (err.key === 'oauth.already_bound') {
          const holder = await this.identities.findByIdentity(r.identity);
          if (holder) return holder;
        }
        throw err;
      }
    }
  }
}

/**
 * `<prefix>_<random>`, as long as a username may be (USERNAME_MAX, so the profile form accepts it
 * unchanged): 3 to 7 random characters after the prefix, a collision retried.
 */
function usernameFor(prefix: string): string {
  return `${prefix}_${randomName(Math.max(3, USERNAME_MAX - prefix.length - 1))}`;
}

function randomName(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += USERNAME_ALPHABET[randomInt(USERNAME_ALPHABET.length)];
  return out;
}
