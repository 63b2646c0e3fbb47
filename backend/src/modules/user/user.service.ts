import { Injectable, Optional } from '@nestjs/common';
import { DEFAULT_GROUP, LogType, renderQuota, Role, UserStatus } from '@gw/shared';
import { Subject } from 'rxjs';
import { AppError } from '../../common/http/app-error';
import { nowSec } from '../../database/columns';
import { isUniqueViolation } from '../../database/db-errors';
import type { UserEntity } from '../../database/entities';
import { PasswordService } from '../auth/password.service';
import { randomAlphanumeric } from '../auth/secrets';
import { SessionService } from '../auth/session.service';
import { LogService } from '../log/log.service';
import { OptionService } from '../option/option.service';
import { ClusterBus } from '../redis/cluster-bus.service';
import {
  UserRepository,
  type AuthRecord,
  type NotifyRecord,
  type RelayUserRecord,
  type UserTx,
} from './user.repository';

/** A credit and the words of its log row (type 1 top-up, 4 system, 5 check-in: the ledger's credit types). */
export interface CreditEntry {
  readonly userId: number;
  readonly quota: number;
  readonly type: LogType.TopUp | LogType.System | LogType.CheckIn;
  readonly content: string;
  /** Stored as the row's `other` JSON (e.g. the redemption id or trade number). */
  readonly other?: Readonly<Record<string, unknown>>;
}

export type { AuthRecord, RelayUserRecord, UserTx };

export interface NewUser {
  username: string;
  /** From hashPassword(), computed before any transaction opens (argon2 is slow). */
  passwordHash: string;
  display_name?: string;
  role?: Role;
  quota?: number;
  inviter_id?: number;
  email?: string;
  remark?: string;
  /** Text of the row that books a starting quota (default "new user bonus <quota>"). */
  quotaNote?: string;
}

@Injectable()
export class UserService {
  /**
   * Ids of users whose role, status, quota or credentials changed on this node (caches listen); each
   * is also announced to the other nodes (docs/cluster.md).
   */
  readonly changes = new Subject<number>();

  constructor(
    private readonly repo: UserRepository,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionService,
    private readonly options: OptionService,
    private readonly logs: LogService,
    @Optional() bus?: ClusterBus,
  ) {
    this.changes.subscribe((id) => void bus?.publish('user', { id }));
  }

  findForAuthByAccessToken(hash: string): Promise<AuthRecord | null> {
    return this.repo.findAuthByAccessToken(hash);
  }

  /** Relay cache loader: users by id (deleted ones included; the relay refuses them). */
  findRelayProfiles(ids: readonly number[]): Promise<RelayUserRecord[]> {
    return this.repo.findRelayProfiles(ids);
  }

  /** As findRelayProfiles, off the event loop on SQLite: the relay cache's periodic refresh. */
  readRelayProfiles(ids: readonly number[]): Promise<RelayUserRecord[]> {
    return this.repo.readRelayProfiles(ids);
  }

  /** Users by id with what notifications need (their setting still sealed: see notifySettingOf). */
  findNotifyRecords(ids: readonly number[]): Promise<NotifyRecord[]> {
    return this.repo.findNotifyRecords(ids);
  }

  /** Enabled live users who may be below `threshold` or their own one (docs/notifications.md). */
  findLowQuotaCandidates(threshold: number, limit: number): Promise<number[]> {
    return this.repo.findLowQuotaCandidates(threshold, UserStatus.Enabled, limit);
  }

  /** A live (not deleted) user by username or e-mail, for sign-in. */
  async findByLogin(login: string): Promise<UserEntity | null> {
    return (
      (await this.repo.findLiveBy('username', login)) ??
      (login.includes('@') ? await this.repo.findLiveBy('email', login) : null)
    );
  }

  /** A live (not deleted) user by exact username. */
  findByUsername(username: string): Promise<UserEntity | null> {
    return this.repo.findLiveBy('username', username);
  }

  async findById(id: number): Promise<UserEntity> {
    const user = await this.repo.findById(id);
    if (!user) throw AppError.notFound('user.not_found');
    return user;
  }

  async rootExists(tx?: UserTx): Promise<boolean> {
    return (await this.repo.countByRole(Role.Root, tx)) > 0;
  }

  async findByAffCode(code: string): Promise<UserEntity | null> {
    return code ? this.repo.findLiveBy('aff_code', code) : null;
  }

  /**
   * The one way users come to be (sign-up, admin creation, setup's root): inserts the user with a
   * fresh 8-character aff_code and, when it starts with quota, the row that books that quota, in the
   * caller's transaction. A taken username → 400 register.username_taken.
   */
  async insert(input: NewUser, tx?: UserTx): Promise<UserEntity> {
    if (!tx) return this.repo.transaction((own) => this.insert(input, own));
    const fields: Partial<UserEntity> = {
      username: input.username,
      password: input.passwordHash,
      display_name: input.display_name || input.username,
      role: input.role ?? Role.User,
      status: UserStatus.Enabled,
      email: input.email ?? '',
      quota: input.quota ?? 0,
      group: DEFAULT_GROUP,
      aff_code: randomAlphanumeric(8),
      inviter_id: input.inviter_id ?? 0,
      remark: input.remark ?? '',
      setting: '',
      created_at: nowSec(),
    };
    let user: UserEntity;
    try {
      user = await this.repo.insert(fields, tx);
    } catch (err) {
      if (isUniqueViolation(err)) throw AppError.badRequest('register.username_taken');
      throw err;
    }
    if (user.quota > 0) {
      await this.logs.insertNow(tx, {
        type: LogType.System,
        user_id: user.id,
        username: user.username,
        quota: user.quota,
        content: input.quotaNote ?? `new user bonus ${user.quota}`,
      });
    }
    return user;
  }

  /**
   * Partial update of the caller's own row (self-service). With `endSessions`, the user's sessions end
   * in the same transaction: all of them, or all but `keep` (the one that asked).
   */
  async patchSelf(id: number, patch: Partial<UserEntity>, endSessions?: { keep?: string }): Promise<void> {
    if (Object.keys(patch).length === 0) return;
    try {
      if (!endSessions) await this.repo.update(id, patch);
      else {
        await this.repo.transaction(async (tx) => {
          await this.repo.update(id, patch, tx);
          await this.sessions.revoke(tx, id, endSessions.keep);
        });
      }
    } catch (err) {
      if (isUniqueViolation(err)) throw AppError.badRequest('register.username_taken');
      throw err;
    }
    this.changes.next(id);
  }

  async verifyPassword(user: UserEntity, password: string): Promise<boolean> {
    return this.passwords.verify(user.password, password);
  }

  /** argon2: call before opening a transaction, never inside one. */
  hashPassword(password: string): Promise<string> {
    return this.passwords.hash(password);
  }

  /**
   * Adds `quota` to a user's balance and writes the log row that explains it, both in the caller's
   * transaction (every credit has its row: docs/ledger.md). Used by redemption, top-up, check-in and
   * invite transfers. Returns the new balance; a non-positive amount or one that would overflow is refused.
   * Once the transaction committed, the caller announces the change (`changes.next(userId)`) so that the
   * relay's cached balance sees it at once.
   */
  async credit(tx: UserTx, entry: CreditEntry): Promise<number> {
    const quota = entry.quota;
    if (!Number.isSafeInteger(quota) || quota <= 0) throw AppError.badRequest('user.quota_invalid');
    const user = await this.repo.findById(entry.userId, tx);
    if (!user || user.deleted_at) throw AppError.notFound('user.not_found');
    if (!(await this.repo.addQuota(user.id, quota, tx))) throw AppError.badRequest('user.quota_invalid');
    await this.logs.insertNow(tx, {
      type: entry.type,
      user_id: user.id,
      username: user.username,
      quota,
      content: entry.content,
      ...(entry.other ? { other: JSON.stringify(entry.other) } : {}),
    });
    return this.quotaIn(tx, user.id);
  }

  /**
   * Moves `quota` of the caller's invite earnings (aff_quota) to their balance: at least one quota
   * unit (QuotaPerUnit), and never more than is pending, however many transfers run at once. The
   * conditional take and the credit (a type-4 row) share one transaction (docs/invite.md).
   */
  async transferAffQuota(userId: number, quota: number): Promise<number> {
    const perUnit = this.options.settings.QuotaPerUnit;
    if (quota < perUnit) {
      const display = { displayInCurrency: this.options.settings.DisplayInCurrencyEnabled, quotaPerUnit: perUnit };
      throw AppError.badRequest('user.transfer_min', { min: renderQuota(Math.ceil(perUnit), display) });
    }
    const balance = await this.repo.transaction(async (tx) => {
      if (!(await this.repo.takeAffQuota(userId, quota, tx))) throw AppError.badRequest('user.aff_quota_insufficient');
      return this.credit(tx, {
        userId,
        quota,
        type: LogType.System,
        content: `invite earnings transferred to the balance: ${quota}`,
        other: { aff_transfer: quota },
      });
    });
    this.changes.next(userId);
    return balance;
  }

  /** Credits the inviter of a new user (counts and pending invite quota) in the caller's transaction. */
  async creditInviter(tx: UserTx, inviterId: number, quota: number): Promise<void> {
    await this.repo.addInvitee(inviterId, Math.max(0, Math.floor(quota)), tx);
  }

  /**
   * Adds a rebate to a user's invite earnings (aff_quota, aff_history_quota) in the caller's
   * transaction. Not a balance credit: it reaches the balance, with its row, when transferred.
   */
  async creditInviteEarnings(tx: UserTx, userId: number, quota: number): Promise<boolean> {
    if (!Number.isSafeInteger(quota) || quota <= 0) return false;
    return this.repo.addInviteQuota(userId, quota, tx);
  }

  /** The balance as this transaction sees it; `lock` holds the row (MySQL) until it commits. */
  async quotaIn(tx: UserTx, id: number, lock = false): Promise<number> {
    const quota = await this.repo.readQuota(id, tx, lock);
    if (quota === null) throw AppError.notFound('user.not_found');
    return quota;
  }
}
