import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { UserEntity } from '../../database/entities';
import { OptionService } from '../option/option.service';
import { UserIdentityService, type Identity } from '../user/user-identity.service';
import { UserService } from '../user/user.service';

/** A new account as sign-up creates it (password or third-party). */
export interface AccountInput {
  username: string;
  /** From hashPassword(), computed before the transaction; '' for third-party accounts (no password sign-in). */
  passwordHash: string;
  display_name?: string;
  email?: string;
  /** The inviter's aff_code; an unknown code is ignored. */
  aff_code?: string;
  /** A third-party identity written with the user (docs/identity/third-party-sign-in.md). */
  identity?: Identity;
}

/**
 * The one sign-up transaction, shared by password registration and third-party sign-in: the user with
 * QuotaForNewUser (+ QuotaForInvitee when invited) and its booking row, the identity when given, and
 * the inviter's QuotaForInviter (docs/invite.md). A taken username → 400 register.username_taken; a
 * taken identity → 400 oauth.already_bound; either way nothing is written.
 */
@Injectable()
export class SignUpService {
  constructor(
    private readonly users: UserService,
    private readonly identities: UserIdentityService,
    private readonly options: OptionService,
    private readonly dataSource: DataSource,
  ) {}

  /** `beforeInsert` runs first inside the transaction (e.g. consuming an e-mail code); its throw aborts all. */
  async createAccount(input: AccountInput, beforeInsert?: (m: EntityManager) => Promise<void>): Promise<UserEntity> {
    const s = this.options.settings;
    const inviter = input.aff_code ? await this.users.findByAffCode(input.aff_code) : null;
    const quota = s.QuotaForNewUser + (inviter ? s.QuotaForInvitee : 0);
    return this.dataSource.transaction(async (m) => {
      if (beforeInsert) await beforeInsert(m);
      // The new-user bonus row (type 4) is written with the user, in this transaction.
      const user = await this.users.insert(
        {
          username: input.username,
          passwordHash: input.passwordHash,
          display_name: input.display_name,
          quota,
          inviter_id: inviter?.id ?? 0,
          email: input.email ?? '',
        },
        m,
      );
      if (input.identity) {
        await this.identities.attach(user.id, input.identity, m);
        user[input.identity.field] = input.identity.value;
      }
      if (inviter) await this.users.creditInviter(m, inviter.id, s.QuotaForInviter);
      return user;
    });
  }
}
