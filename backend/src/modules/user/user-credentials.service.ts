import { Injectable } from '@nestjs/common';
import { UserStatus } from '@gw/shared';
import { AppError } from '../../common/http/app-error';
import type { UserEntity } from '../../database/entities';
import { SessionService } from '../auth/session.service';
import { UserRepository, type UserTx } from './user.repository';
import { UserService } from './user.service';

/**
 * The user-side steps of e-mail binding and password reset (docs/identity/email-and-reset.md). Each
 * write joins the caller's transaction, which also uses up the code or token; once it committed the
 * caller calls `changed` so that caches refresh.
 */
@Injectable()
export class UserCredentialsService {
  constructor(
    private readonly repo: UserRepository,
    private readonly users: UserService,
    private readonly sessions: SessionService,
  ) {}

  /** The enabled, live user with this (normalized) e-mail address, if any. */
  async findActiveByEmail(email: string): Promise<UserEntity | null> {
    if (!email) return null;
    const user = await this.repo.findLiveBy('email', email);
    return user && user.status === UserStatus.Enabled ? user : null;
  }

  /** Whether a live user other than `exceptId` has this address. */
  async emailTaken(email: string, exceptId?: number): Promise<boolean> {
    const user = await this.repo.findLiveBy('email', email);
    return user !== null && user.id !== exceptId;
  }

  /** Sets the address in `tx`, refused (email.taken) when another live user has it. */
  async bindEmail(tx: UserTx, userId: number, email: string): Promise<void> {
    if (!(await this.repo.setEmailIfFree(userId, email, tx))) throw AppError.badRequest('email.taken');
  }

  /**
   * In `tx`: the new password (hashed before the transaction), the access token revoked, and every
   * session of the user ended.
   */
  async resetPassword(tx: UserTx, userId: number, passwordHash: string): Promise<void> {
    await this.repo.update(userId, { password: passwordHash, access_token: null }, tx);
    await this.sessions.revoke(tx, userId);
  }

  hashPassword(password: string): Promise<string> {
    return this.users.hashPassword(password);
  }

  /** Announces a committed change of the user's credentials (caches listen). */
  changed(userId: number): void {
    this.users.changes.next(userId);
  }
}
