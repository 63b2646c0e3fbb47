import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DEFAULT_GROUP, LogType, Role, UserStatus, type UserManageAction, type UserView } from '@gw/shared';
import { Subject } from 'rxjs';
import { In, IsNull, type EntityManager, type Repository } from 'typeorm';
import { AppError } from '../../common/http/app-error';
import { likePattern, paged, type PageRequest } from '../../common/http/paging';
import { nowSec } from '../../database/columns';
import { isUniqueViolation } from '../../database/db-errors';
import { UserEntity } from '../../database/entities';
import { PasswordService } from '../auth/password.service';
import { randomAlphanumeric } from '../auth/secrets';
import { SessionService } from '../auth/session.service';
import { LogService } from '../log/log.service';
import { OptionService } from '../option/option.service';
import type { AuthUser } from '../auth/auth-user';
import { quotaChangeOf, type CreateUserDto, type QuotaChange, type UpdateUserDto } from './dto';
import { toUserView } from './user-view';

/** What the auth guard needs to decide on a request. */
export type AuthRecord = Pick<UserEntity, 'id' | 'username' | 'role' | 'status' | 'group' | 'session_version' | 'deleted_at'>;
const AUTH_FIELDS = { id: true, username: true, role: true, status: true, group: true, session_version: true, deleted_at: true } as const;

/** What the relay caches per user. */
export type RelayUserRecord = Pick<UserEntity, 'id' | 'username' | 'role' | 'status' | 'group' | 'quota' | 'setting' | 'deleted_at'>;
const RELAY_FIELDS = { id: true, username: true, role: true, status: true, group: true, quota: true, setting: true, deleted_at: true } as const;

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
}

@Injectable()
export class UserService {
  /** Ids of users whose role, status, quota or credentials changed (caches listen). */
  readonly changes = new Subject<number>();

  constructor(
    @InjectRepository(UserEntity) private readonly repo: Repository<UserEntity>,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionService,
    private readonly options: OptionService,
    private readonly logs: LogService,
  ) {}

  findForAuthByAccessToken(hash: string): Promise<AuthRecord | null> {
    return this.repo.findOne({ select: AUTH_FIELDS, where: { access_token: hash } });
  }

  /** Relay cache loader: users by id (deleted ones included; the relay refuses them). */
  findRelayProfiles(ids: readonly number[]): Promise<RelayUserRecord[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.repo.find({ select: RELAY_FIELDS, where: { id: In([...ids]) } });
  }

  /** A live (not deleted) user by username or e-mail, for sign-in. */
  async findByLogin(login: string): Promise<UserEntity | null> {
    return (
      (await this.repo.findOneBy({ username: login, deleted_at: IsNull() })) ??
      (login.includes('@') ? await this.repo.findOneBy({ email: login, deleted_at: IsNull() }) : null)
    );
  }

  async findById(id: number): Promise<UserEntity> {
    const user = await this.repo.findOneBy({ id });
    if (!user) throw AppError.notFound('user.not_found');
    return user;
  }

  async rootExists(m: EntityManager = this.repo.manager): Promise<boolean> {
    return (await m.getRepository(UserEntity).countBy({ role: Role.Root })) > 0;
  }

  async findByAffCode(code: string): Promise<UserEntity | null> {
    return code ? this.repo.findOneBy({ aff_code: code, deleted_at: IsNull() }) : null;
  }

  /**
   * Inserts a user, and its type-4 bonus row when it starts with quota, in the caller's
   * transaction. A taken username → 400 register.username_taken.
   */
  async insert(input: NewUser, m: EntityManager = this.repo.manager): Promise<UserEntity> {
    const entity = m.getRepository(UserEntity).create({
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
    });
    let user: UserEntity;
    try {
      user = await m.getRepository(UserEntity).save(entity);
    } catch (err) {
      if (isUniqueViolation(err)) throw AppError.badRequest('register.username_taken');
      throw err;
    }
    if (user.quota > 0) {
      await this.logs.insertNow(m, {
        type: LogType.System,
        user_id: user.id,
        username: user.username,
        quota: user.quota,
        content: `new user bonus ${user.quota}`,
      });
    }
    return user;
  }

  async list(page: PageRequest): Promise<ReturnType<typeof paged<UserView>>> {
    const [rows, total] = await this.repo.findAndCount({
      order: { id: 'DESC' },
      skip: page.page * page.pageSize,
      take: page.pageSize,
    });
    return paged(rows.map(toUserView), total, page);
  }

  async search(keyword: string, group: string, page: PageRequest): Promise<ReturnType<typeof paged<UserView>>> {
    const qb = this.repo.createQueryBuilder('u');
    if (keyword) {
      const like = likePattern(keyword);
      const byId = /^\d{1,9}$/.test(keyword) ? 'u.id = :id OR ' : '';
      qb.andWhere(
        `(${byId}u.username LIKE :like ESCAPE '!' OR u.email LIKE :like ESCAPE '!' OR u.display_name LIKE :like ESCAPE '!')`,
        { id: Number(keyword), like },
      );
    }
    if (group) qb.andWhere('u.group = :group', { group });
    const [rows, total] = await qb
      .orderBy('u.id', 'DESC')
      .skip(page.page * page.pageSize)
      .take(page.pageSize)
      .getManyAndCount();
    return paged(rows.map(toUserView), total, page);
  }

  /** Admin view of one user: only of a lower role (root sees everyone). */
  async getForAdmin(caller: AuthUser, id: number): Promise<UserView> {
    const user = await this.findById(id);
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
    await this.repo.manager.transaction((m) =>
      this.insert({ ...fields, passwordHash, role, quota: this.options.settings.QuotaForNewUser }, m),
    );
  }

  /**
   * Admin edit. The quota changes by a difference applied in the database (quota_delta, or quota −
   * original_quota as the console sends it), so spending meanwhile is never undone; `quota` alone
   * (new-api's console) sets the value. Every change writes its type-3 row in the same transaction.
   * A new password ends all of the user's sessions and revokes their access token, in that transaction.
   */
  async update(caller: AuthUser, dto: UpdateUserDto): Promise<UserView> {
    const user = await this.findById(dto.id);
    if (caller.role !== Role.Root && user.role >= caller.role) throw AppError.forbidden('user.no_permission_update_same_level');
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
      after = await this.repo.manager.transaction(async (m) => {
        if (Object.keys(patch).length > 0) await m.getRepository(UserEntity).update({ id: user.id }, patch);
        if (dto.password) await this.sessions.revoke(m, user.id);
        const username = patch.username ?? user.username;
        return quota ? this.changeQuota(m, caller, { id: user.id, username }, quota) : user.quota;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw AppError.badRequest('register.username_taken');
      throw err;
    }
    this.changes.next(user.id);
    return toUserView({ ...user, ...patch, quota: after });
  }

  /**
   * Applies a quota change and writes its type-3 row, inside `m`'s transaction; returns the new
   * balance. Before and after are read in that transaction, so the row states exactly what moved.
   */
  private async changeQuota(m: EntityManager, caller: AuthUser, user: Pick<UserEntity, 'id' | 'username'>, change: QuotaChange): Promise<number> {
    const users = m.getRepository(UserEntity);
    let before: number;
    let after: number;
    if (change.kind === 'delta') {
      if (change.delta === 0) return this.quotaOf(m, user.id);
      const res = await users
        .createQueryBuilder()
        .update()
        .set({ quota: () => 'quota + :delta' })
        .where('id = :id AND quota + :delta BETWEEN :min AND :max', { id: user.id, delta: change.delta, min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER })
        .execute();
      if (!res.affected) throw AppError.badRequest('user.quota_invalid');
      after = await this.quotaOf(m, user.id);
      before = after - change.delta;
    } else {
      before = await this.quotaOf(m, user.id, true);
      after = change.quota;
      if (before === after) return after;
      await users.update({ id: user.id }, { quota: after });
    }
    const delta = after - before;
    await this.logs.insertNow(m, {
      type: LogType.Manage,
      user_id: user.id,
      username: user.username,
      quota: Math.abs(delta),
      content: `admin ${caller.username} (#${caller.id}) changed quota from ${before} to ${after} (${delta > 0 ? '+' : ''}${delta})`,
      other: JSON.stringify({ quota_delta: delta, quota_before: before, quota_after: after, admin_id: caller.id }),
    });
    return after;
  }

  /** The balance as this transaction sees it; `lock` holds the row (MySQL) until it commits. */
  private async quotaOf(m: EntityManager, id: number, lock = false): Promise<number> {
    const qb = m.getRepository(UserEntity).createQueryBuilder('u').select('u.quota', 'quota').where('u.id = :id', { id });
    if (lock && m.connection.options.type === 'mysql') qb.setLock('pessimistic_write');
    const row = await qb.getRawOne<{ quota: string | number }>();
    if (!row) throw AppError.notFound('user.not_found');
    return Number(row.quota);
  }

  /**
   * promote / demote / disable / enable / delete, under the rules of docs/console.md#users-admin. A ban or a deletion ends
   * all of the user's sessions (enabling them again does not bring those back).
   */
  async manage(caller: AuthUser, id: number, action: UserManageAction): Promise<{ role: number; status: number }> {
    const user = await this.findById(id);
    if (user.deleted_at) throw AppError.badRequest('user.deleted');
    if (user.role === Role.Root) {
      const rootRule: Partial<Record<UserManageAction, Parameters<typeof AppError.forbidden>[0]>> = {
        disable: 'user.root_cannot_disable',
        delete: 'user.root_cannot_delete',
        demote: 'user.root_cannot_demote',
      };
      if (rootRule[action]) throw AppError.forbidden(rootRule[action]);
    }
    if (caller.role !== Role.Root && user.role >= caller.role) throw AppError.forbidden('user.no_permission_update_same_level');
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
    await this.repo.manager.transaction(async (m) => {
      await m.getRepository(UserEntity).update({ id: user.id }, patch);
      if (action === 'disable' || action === 'delete') await this.sessions.revoke(m, user.id);
    });
    this.changes.next(user.id);
    const after = { ...user, ...patch };
    return { role: after.role, status: after.status };
  }

  /**
   * Partial update of the caller's own row (self-service). With `endSessions`, the user's sessions end
   * in the same transaction: all of them, or all but `keep` (the one that asked).
   */
  async patchSelf(id: number, patch: Partial<UserEntity>, endSessions?: { keep?: string }): Promise<void> {
    if (Object.keys(patch).length === 0) return;
    try {
      if (!endSessions) await this.repo.update({ id }, patch);
      else {
        await this.repo.manager.transaction(async (m) => {
          await m.getRepository(UserEntity).update({ id }, patch);
          await this.sessions.revoke(m, id, endSessions.keep);
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

  /** Credits the inviter of a new user (counts and pending invite quota) in the caller's transaction. */
  async creditInviter(m: EntityManager, inviterId: number, quota: number): Promise<void> {
    await m
      .createQueryBuilder()
      .update(UserEntity)
      .set({
        aff_count: () => 'aff_count + 1',
        aff_quota: () => `aff_quota + ${Math.max(0, Math.floor(quota))}`,
        aff_history_quota: () => `aff_history_quota + ${Math.max(0, Math.floor(quota))}`,
      })
      .where('id = :id', { id: inviterId })
      .execute();
  }
}
