import { Injectable } from '@nestjs/common';
import type { OAuthBinding } from '@gw/shared';
import { AppError } from '../../common/http/app-error';
import { isUniqueViolation } from '../../database/db-errors';
import type { UserEntity } from '../../database/entities';
import { UserRepository, type IdentityField, type UserTx } from './user.repository';
import { UserService } from './user.service';

export type { IdentityField };

/** A third-party identity: which column, and the provider's id for the person. */
export interface Identity {
  readonly field: IdentityField;
  readonly value: string;
}

/** The providers a binding can name, in new-api's words (slug, display name), by column. */
const PROVIDERS: readonly { field: IdentityField; slug: OAuthBinding['provider_slug']; name: string }[] = [
  { field: 'github_id', slug: 'github', name: 'GitHub' },
  { field: 'oidc_id', slug: 'oidc', name: 'OIDC' },
  { field: 'linux_do_id', slug: 'linuxdo', name: 'LinuxDO' },
  { field: 'wechat_id', slug: 'wechat', name: 'WeChat' },
  { field: 'telegram_id', slug: 'telegram', name: 'Telegram' },
];

/**
 * Users' third-party identities (GitHub, OIDC, LinuxDO, WeChat, Telegram ids): docs/identity/third-party-sign-in.md.
 * Each column is a unique key, so an id belongs to at most one user; binding one that another user holds
 * fails on the key (never on a check made before the write).
 */
@Injectable()
export class UserIdentityService {
  constructor(
    private readonly repo: UserRepository,
    private readonly users: UserService,
  ) {}

  /** The user holding the identity, deleted or banned ones included (the caller refuses those). */
  findByIdentity(identity: Identity): Promise<UserEntity | null> {
    return this.repo.findByIdentity(identity.field, identity.value);
  }

  /**
   * GET /api/user/oauth/bindings: the user's bound providers in new-api's binding shape
   * (docs/newapi-compat.md). The built-in providers have no numeric id here, so provider_id is 0.
   */
  async bindingsOf(userId: number): Promise<OAuthBinding[]> {
    const user = await this.users.findById(userId);
    return PROVIDERS.filter((p) => user[p.field]).map((p) => ({
      provider_id: 0,
      provider_name: p.name,
      provider_slug: p.slug,
      provider_icon: '',
      provider_user_id: user[p.field] ?? '',
    }));
  }

  /** Binds the identity to a signed-in user (replacing the one they had for that provider). */
  async bind(userId: number, identity: Identity): Promise<void> {
    await this.attach(userId, identity);
    this.users.changes.next(userId);
  }

  /**
   * Sets the identity on a user, in `tx` when given (sign-up writes it in the transaction that creates
   * the user). Held by another user → 400 oauth.already_bound.
   */
  async attach(userId: number, identity: Identity, tx?: UserTx): Promise<void> {
    let applied: boolean;
    try {
      applied = await this.repo.setIdentity(userId, identity.field, identity.value, tx);
    } catch (err) {
      if (isUniqueViolation(err)) throw AppError.badRequest('oauth.already_bound');
      throw err;
    }
    if (!applied) throw AppError.notFound('user.not_found');
  }
}
