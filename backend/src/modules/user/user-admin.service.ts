import { Injectable } from '@nestjs/common';
import { LogMessage, logMessageFields, LogType, Role, UserStatus, type UserManageAction, type UserView } from '@gw/shared';
import { AppError } from '../../common/http/app-error';
import { paged, type PageRequest } from '../../common/http/paging';
import { nowSec } from '../../database/columns';
import { isUniqueViolation } from '../../database/db-errors';
import type { UserEntity } from '../../database/entities';
import type { AuthUser } from '../auth/auth-user';
import { PasswordService } from '../auth/password.service';
import { SessionService } from '../auth/session.service';
import { LogService } from '../log/log.service';
import { OptionService } from '../option/option.service';
import { quotaChangeOf, type CreateUserDto, type QuotaChange, type UpdateUserDto } from './dto';
import { UserRepository, type UserTx } from './user.repository';
import { UserService } from './user.service';
import { toUserView } from './user-view';

/**
 * User administration (docs/console.md#users-admin): the list, one user, creating, editing (quota changes
 * with their type-3 rows: docs/admin-quota.md) and the manage actions, under the rules of who may act on
 * whom. Users come to be through UserService.insert; every change is announced on UserService.changes.
 */
@Injectable()
export class UserAdminService {
  constructor(
    private readonly repo: UserRepository,
    private readonly users: UserService,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionService,
    private readonly options: OptionService,
    private readonly logs: LogService,
  ) {}

  async list(page: PageRequest): Promise<ReturnType<typeof paged<UserView>>> {
    return this.search('', '', page);
  }

  async search(keyword: string, group: string, page: PageRequest): Promise<ReturnType<typeof paged<UserView>>> {
    const [rows, total] = await this.repo.search({ keyword, group }, page.page * page.pageSize, page.pageSize);
    return paged(rows.map(toUserView), total, page);
  }

  /** Admin view of one user: only of a lower role (root sees everyone). */
  async getForAdmin(caller: AuthUser, id: number): Promise<UserView> {
    const user = await this.users.findById(id);
    if (caller.role !== Role.Root && user.role >= caller.role && user.id !== caller.id) {
      throw AppError.forbidden('user.no_permission_same_level');
    }
    return toUserView(user);
  }

  async create(caller: AuthUser, dto: CreateUserDto): Promise<void> {
    const role = dto.role ?? Role.User;
    if (role >= caller.role || ![Role.User, Role.Admin].includes(role)) {
      throw AppError.forbidden('user.no_permission_create_same_level');
    }
    const { password, ...fields } = dto;
    const passwordHash = await this.passwords.hash(password);
    await this.users.insert({ ...fields, passwordHash, role, quota: this.options.settings.QuotaForNewUser });
  }

  /**
   * Admin edit. The quota changes by a difference applied in the database (quota_delta, or quota −
   * original_quota as the console sends it), so spending meanwhile is never undone; `quota` alone
   * (new-api's console) sets the value. Every change writes its type-3 row in the same transaction.
   * A new password ends all of the user's sessions and revokes their access token, in that transaction.
   */
  async update(caller: AuthUser, dto: UpdateUserDto): Promise<UserView> {
    const user = await this.users.findById(dto.id);
    if (caller.role !== Role.Root && user.role >= caller.role)
      throw AppError.forbidden('user.no_permission_update_same_level');
    if (user.deleted_at) throw AppError.badRequest('user.deleted');
    if (dto.group !== undefined && !(dto.group in this.options.settings.GroupRatio)) {
      throw AppError.badRequest('user.group_unknown', { group: dto.group });
    }
    const patch: Partial<UserEntity> = {};
    if (dto.username !== undefined) patch.username = dto.username;
    if (dto.display_name !== undefined) patch.display_name = dto.display_name || dto.username || user.username;
    if (dto.group !== undefined) patch.group = dto.group;
    if (dto.remark !== undefined) patch.remark = dto.remark;
    if (dto.password) {
      patch.password = await this.passwords.hash(dto.password);
      patch.access_token = null;
    }
    const quota = quotaChangeOf(dto);
    let after = user.quota;
    try {
      after = await this.repo.transaction(async (tx) => {
        if (Object.keys(patch).length > 0) await this.repo.update(user.id, patch, tx);
        if (dto.password) await this.sessions.revoke(tx, user.id);
        const username = patch.username ?? user.username;
        return quota ? this.changeQuota(tx, caller, { id: user.id, username }, quota) : user.quota;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw AppError.badRequest('register.username_taken');
      throw err;
    }
    this.users.changes.next(user.id);
    return toUserView({ ...user, ...patch, quota: after });
  }

  /**
   * Applies a quota change and writes its type-3 row, inside `m`'s transaction; returns the new
   * balance. Before and after are read in that transaction, so the row states exactly what moved.
   */
  private async changeQuota(
    tx: UserTx,
    caller: AuthUser,
    user: Pick<UserEntity, 'id' | 'username'>,
    change: QuotaChange,
  ): Promise<number> {
    let before: number;
    let after: number;
    if (change.kind === 'delta') {
      if (change.delta === 0) return this.users.quotaIn(tx, user.id);
      if (!(await this.repo.addQuota(user.id, change.delta, tx))) throw AppError.badRequest('user.quota_invalid');
      after = await this.users.quotaIn(tx, user.id);
      before = after - change.delta;
    } else {
      before = await this.users.quotaIn(tx, user.id, true);
      after = change.quota;
      if (before === after) return after;
      await this.repo.update(user.id, { quota: after }, tx);
    }
    const delta = after - before;
    await this.logs.insertNow(tx, {
      type: LogType.Manage,
      user_id: user.id,
      username: user.username,
      quota: Math.abs(delta),
      content: `admin ${caller.username} (#${caller.id}) changed quota from ${before} to ${after} (${delta > 0 ? '+' : ''}${delta})`,
      other: JSON.stringify({
        quota_delta: delta,
        quota_before: before,
        quota_after: after,
        admin_id: caller.id,
        // The console shows the row in the viewer's language from this (docs/console.md "Usage log").
        ...logMessageFields(LogMessage.QuotaChanged, { admin: caller.username, admin_id: caller.id, from_quota: before, to_quota: after, delta_quota: delta }),
      }),
    });
    return after;
  }

  /**
   * promote / demote / disable / enable / delete, under the rules of docs/console.md#users-admin. A ban or a deletion ends
   * all of the user's sessions (enabling them again does not bring those back).
   */
  async manage(caller: AuthUser, id: number, action: UserManageAction): Promise<{ role: number; status: number }> {
    const user = await this.users.findById(id);
    if (user.deleted_at) throw AppError.badRequest('user.deleted');
    if (user.role === Role.Root) {
      const rootRule: Partial<Record<UserManageAction, Parameters<typeof AppError.forbidden>[0]>> = {
        disable: 'user.root_cannot_disable',
        delete: 'user.root_cannot_delete',
        demote: 'user.root_cannot_demote',
      };
      if (rootRule[action]) throw AppError.forbidden(rootRule[action]);
    }
    if (caller.role !== Role.Root && user.role >= caller.role)
      throw AppError.forbidden('user.no_permission_update_same_level');
    const patch: Partial<UserEntity> = {};
    switch (action) {
      case 'promote':
        if (caller.role !== Role.Root) throw AppError.forbidden('user.no_permission_promote_admin');
        if (user.role >= Role.Admin) throw AppError.badRequest('user.already_admin');
        patch.role = Role.Admin;
        break;
      case 'demote':
        if (user.role === Role.User) throw AppError.badRequest('user.already_user');
        patch.role = Role.User;
        break;
      case 'disable':
        patch.status = UserStatus.Disabled;
        break;
      case 'enable':
        if (user.status === UserStatus.Locked) throw AppError.badRequest('user.enable_locked');
        patch.status = UserStatus.Enabled;
        break;
      case 'delete':
        patch.deleted_at = nowSec();
        break;
    }
    await this.repo.transaction(async (tx) => {
      await this.repo.update(user.id, patch, tx);
      if (action === 'disable' || action === 'delete') await this.sessions.revoke(tx, user.id);
    });
    this.users.changes.next(user.id);
    const after = { ...user, ...patch };
    return { role: after.role, status: after.status };
  }
}
