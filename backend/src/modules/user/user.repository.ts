import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, type EntityManager, type Repository } from 'typeorm';
import { likePattern } from '../../common/http/paging';
import { UserEntity } from '../../database/entities';
import { SqliteReader } from '../../database/sqlite-reader';

/** A transaction the user's writes join (opened here or by another module, e.g. setup or sign-up). */
export type UserTx = EntityManager;

/** What the auth guard needs to decide on a request. */
export type AuthRecord = Pick<UserEntity, 'id' | 'username' | 'role' | 'status' | 'group' | 'session_version' | 'deleted_at'>;
const AUTH_FIELDS = { id: true, username: true, role: true, status: true, group: true, session_version: true, deleted_at: true } as const;

/** What the relay caches per user. */
export type RelayUserRecord = Pick<UserEntity, 'id' | 'username' | 'role' | 'status' | 'group' | 'quota' | 'setting' | 'deleted_at'>;
const RELAY_FIELDS = { id: true, username: true, role: true, status: true, group: true, quota: true, setting: true, deleted_at: true } as const;
const RELAY_PROPERTIES = Object.keys(RELAY_FIELDS) as (keyof RelayUserRecord)[];

/** What notifications need to know of a user. */
export type NotifyRecord = Pick<UserEntity, 'id' | 'username' | 'email' | 'quota' | 'status' | 'setting' | 'deleted_at'>;
const NOTIFY_FIELDS = { id: true, username: true, email: true, quota: true, status: true, setting: true, deleted_at: true } as const;

/** The columns holding a third-party identity (each unique; NULL when unbound). */
export type IdentityField = 'github_id' | 'oidc_id' | 'wechat_id' | 'telegram_id' | 'linux_do_id';

/** The admin list's filters: keyword over id, username, e-mail and display name; exact group. */
export interface UserSearch {
  keyword?: string;
  group?: string;
}

/**
 * The `users` table: plain data access without rules (those live in UserService). Methods taking
 * `tx` run inside that transaction. A write that breaks a unique key (username, aff_code) rejects
 * with the driver's error (isUniqueViolation). The ledger's own statements on the quota columns are
 * the only other writers of this table (billing's ledger stores).
 */
@Injectable()
export class UserRepository {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    private readonly reader: SqliteReader,
  ) {}

  transaction<T>(work: (tx: UserTx) => Promise<T>): Promise<T> {
    return this.users.manager.transaction(work);
  }

  findById(id: number, tx?: UserTx): Promise<UserEntity | null> {
    return this.repo(tx).findOneBy({ id });
  }

  findAuthByAccessToken(hash: string): Promise<AuthRecord | null> {
    return this.users.findOne({ select: AUTH_FIELDS, where: { access_token: hash } });
  }

  findRelayProfiles(ids: readonly number[]): Promise<RelayUserRecord[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.users.find({ select: RELAY_FIELDS, where: { id: In([...ids]) } });
  }

  /** As findRelayProfiles, read by SqliteReader: off the event loop on SQLite. */
  readRelayProfiles(ids: readonly number[]): Promise<RelayUserRecord[]> {
    const qb = this.users.createQueryBuilder('u').where('u.id IN (:...ids)', { ids });
    return ids.length === 0 ? Promise.resolve([]) : this.reader.entities(qb, RELAY_PROPERTIES);
  }

  /** A user not deleted, by one unique-ish field. */
  findLiveBy(field: 'username' | 'email' | 'aff_code', value: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ [field]: value, deleted_at: IsNull() });
  }

  countByRole(role: number, tx?: UserTx): Promise<number> {
    return this.repo(tx).countBy({ role });
  }

  findNotifyRecords(ids: readonly number[]): Promise<NotifyRecord[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.users.find({ select: NOTIFY_FIELDS, where: { id: In([...ids]) } });
  }

  /**
   * Live users with `status` who may be low: quota below `threshold`, or a threshold of their own in
   * their setting (judged by the caller). Ids only, at most `limit`.
   */
  async findLowQuotaCandidates(threshold: number, status: number, limit: number): Promise<number[]> {
    const rows = await this.users
      .createQueryBuilder('u')
      .select('u.id', 'id')
      .where('u.status = :status AND u.deleted_at IS NULL', { status })
      .andWhere(`(u.quota < :threshold OR u.setting LIKE '%quota_warning_threshold%')`, { threshold })
      .orderBy('u.id')
      .limit(limit)
      .getRawMany<{ id: number | string }>();
    return rows.map((r) => Number(r.id));
  }

  /**
   * Newest first, one page, with the count of all matches. A keyword reads every user (LIKE '%…%'): on
   * SqliteReader, off the event loop on SQLite (docs/logs.md, "Reading and deleting").
   */
  async search(filter: UserSearch, skip: number, take: number): Promise<[UserEntity[], number]> {
    const qb = this.users.createQueryBuilder('u');
    if (filter.keyword) {
      const like = likePattern(filter.keyword);
      const byId = /^\d{1,9}$/.test(filter.keyword) ? 'u.id = :id OR ' : '';
      qb.andWhere(
        `(${byId}u.username LIKE :like ESCAPE '!' OR u.email LIKE :like ESCAPE '!' OR u.display_name LIKE :like ESCAPE '!')`,
        { id: Number(filter.keyword), like },
      );
    }
    if (filter.group) qb.andWhere('u.group = :group', { group: filter.group });
    const page = qb.clone().orderBy('u.id', 'DESC').offset(skip).limit(take);
    return Promise.all([this.reader.entities(page), this.reader.count(qb)]);
  }

  /** Inserts a user; returns the stored row (with its id). */
  insert(fields: Partial<UserEntity>, tx?: UserTx): Promise<UserEntity> {
    const repo = this.repo(tx);
    return repo.save(repo.create(fields));
  }

  async update(id: number, patch: Partial<UserEntity>, tx?: UserTx): Promise<void> {
    await this.repo(tx).update({ id }, patch);
  }

  /** quota += delta in the database, only while the result stays within ±MAX_SAFE_INTEGER; true when applied. */
  async addQuota(id: number, delta: number, tx?: UserTx): Promise<boolean> {
    const res = await this.repo(tx)
      .createQueryBuilder()
      .update()
      .set({ quota: () => 'quota + :delta' })
      .where('id = :id AND quota + :delta BETWEEN :min AND :max', { id, delta, min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER })
      .execute();
    return Boolean(res.affected);
  }

  /** The quota as `tx` sees it (null: no such user); `lock` holds the row (MySQL) until `tx` commits. */
  async readQuota(id: number, tx: UserTx, lock = false): Promise<number | null> {
    const qb = this.repo(tx).createQueryBuilder('u').select('u.quota', 'quota').where('u.id = :id', { id });
    if (lock && tx.connection.options.type === 'mysql') qb.setLock('pessimistic_write');
    const row = await qb.getRawOne<{ quota: string | number }>();
    return row ? Number(row.quota) : null;
  }

  /** One more invitee: aff_count + 1, and `quota` added to the pending and lifetime invite quota. */
  async addInvitee(id: number, quota: number, tx?: UserTx): Promise<void> {
    await (tx ?? this.users.manager)
      .createQueryBuilder()
      .update(UserEntity)
      .set({
        aff_count: () => 'aff_count + 1',
        aff_quota: () => 'aff_quota + :quota',
        aff_history_quota: () => 'aff_history_quota + :quota',
      })
      .where('id = :id', { id, quota })
      .execute();
  }

  /**
   * aff_quota −= quota only while at least that much is pending (one conditional statement, so
   * parallel transfers never take more than was earned); true when applied.
   */
  async takeAffQuota(id: number, quota: number, tx: UserTx): Promise<boolean> {
    const res = await tx
      .createQueryBuilder()
      .update(UserEntity)
      .set({ aff_quota: () => 'aff_quota - :quota' })
      .where('id = :id AND aff_quota >= :quota', { id, quota })
      .execute();
    return Boolean(res.affected);
  }

  /** Adds `quota` to the pending and lifetime invite quota (a rebate); false when no such user. */
  async addInviteQuota(id: number, quota: number, tx: UserTx): Promise<boolean> {
    const res = await tx
      .createQueryBuilder()
      .update(UserEntity)
      .set({ aff_quota: () => 'aff_quota + :quota', aff_history_quota: () => 'aff_history_quota + :quota' })
      .where('id = :id', { id, quota })
      .execute();
    return Boolean(res.affected);
  }

  /**
   * Sets the user's e-mail unless another live user has it: one conditional statement (the inner
   * derived table lets MySQL read the table it updates). False when taken or no such live user.
   */
  async setEmailIfFree(id: number, email: string, tx: UserTx): Promise<boolean> {
    const res = await tx
      .createQueryBuilder()
      .update(UserEntity)
      .set({ email })
      .where('id = :id AND deleted_at IS NULL', { id })
      .andWhere(
        'NOT EXISTS (SELECT 1 FROM (SELECT u.id FROM users u WHERE u.email = :email AND u.deleted_at IS NULL AND u.id <> :id) taken)',
        { email, id },
      )
      .execute();
    return Boolean(res.affected);
  }

  /** The user (deleted ones included) holding this third-party identity. */
  findByIdentity(field: IdentityField, value: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ [field]: value });
  }

  /**
   * Binds a third-party identity to a live user; false when no such live user. Rejects with the
   * driver's unique violation when another user holds it.
   */
  async setIdentity(id: number, field: IdentityField, value: string, tx?: UserTx): Promise<boolean> {
    const res = await this.repo(tx)
      .createQueryBuilder()
      .update(UserEntity)
      .set({ [field]: value })
      .where('id = :id AND deleted_at IS NULL', { id })
      .execute();
    return Boolean(res.affected);
  }

  private repo(tx?: UserTx): Repository<UserEntity> {
    return tx ? tx.getRepository(UserEntity) : this.users;
  }
}
