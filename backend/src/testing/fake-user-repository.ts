import { UserEntity } from '../database/entities';
import type { IdentityField, UserRepository, UserTx } from '../modules/user/user.repository';
import { entityDefaults } from './entity-defaults';
import { FAKE_TX, notImplemented, strictFake, uniqueViolation } from './strict-fake';

type UserRepositoryContract = Pick<UserRepository, keyof UserRepository>;

const UNIQUE = ['username', 'aff_code', 'access_token', 'github_id', 'oidc_id', 'wechat_id', 'telegram_id', 'linux_do_id'] as const;

/**
 * In-memory `users` table behind UserRepository's interface: rows in a Map, entity defaults on insert,
 * the table's unique keys enforced, and a transaction that rolls the Map back when its work throws.
 * Wrap with `fakeUserRepository()` (strict: any member it lacks throws).
 */
export class FakeUserRepository implements UserRepositoryContract {
  readonly rows = new Map<number, UserEntity>();
  private nextId = 1;
  /** Transactions opened (a write path that must be atomic opens one). */
  transactions = 0;

  async transaction<T>(work: (tx: UserTx) => Promise<T>): Promise<T> {
    this.transactions++;
    const saved = new Map([...this.rows].map(([id, row]) => [id, structuredClone(row)]));
    const savedNext = this.nextId;
    try {
      return await work(FAKE_TX);
    } catch (err) {
      this.rows.clear();
      for (const [id, row] of saved) this.rows.set(id, row);
      this.nextId = savedNext;
      throw err;
    }
  }

  async findById(id: number): Promise<UserEntity | null> {
    return copy(this.rows.get(id));
  }

  async findAuthByAccessToken(hash: string) {
    return copy(this.all().find((u) => u.access_token === hash));
  }

  async findRelayProfiles(ids: readonly number[]) {
    return this.all().filter((u) => ids.includes(u.id));
  }

  readRelayProfiles(ids: readonly number[]) {
    return this.findRelayProfiles(ids);
  }

  async findLiveBy(field: 'username' | 'email' | 'aff_code', value: string): Promise<UserEntity | null> {
    return copy(this.all().find((u) => u[field] === value && u.deleted_at === null));
  }

  async countByRole(role: number): Promise<number> {
    return this.all().filter((u) => u.role === role).length;
  }

  async findLowQuota(threshold: number, status: number, limit: number) {
    return this.all()
      .filter((u) => u.quota < threshold && u.status === status)
      .slice(0, limit);
  }

  async search(): Promise<[UserEntity[], number]> {
    return notImplemented('UserRepository.search');
  }

  async insert(fields: Partial<UserEntity>): Promise<UserEntity> {
    const row = { ...entityDefaults(UserEntity), ...fields, id: fields.id ?? this.nextId } as UserEntity;
    this.checkUnique(row);
    this.nextId = Math.max(this.nextId, row.id) + 1;
    this.rows.set(row.id, row);
    return structuredClone(row);
  }

  async update(id: number, patch: Partial<UserEntity>): Promise<void> {
    const row = this.rows.get(id);
    if (!row) return;
    const next = { ...row, ...patch };
    this.checkUnique(next);
    this.rows.set(id, next);
  }

  async addQuota(id: number, delta: number): Promise<boolean> {
    const row = this.rows.get(id);
    if (!row || Math.abs(row.quota + delta) > Number.MAX_SAFE_INTEGER) return false;
    row.quota += delta;
    return true;
  }

  async readQuota(id: number): Promise<number | null> {
    return this.rows.get(id)?.quota ?? null;
  }

  async addInvitee(id: number, quota: number): Promise<void> {
    const row = this.rows.get(id);
    if (!row) return;
    row.aff_count += 1;
    row.aff_quota += quota;
    row.aff_history_quota += quota;
  }

  async takeAffQuota(id: number, quota: number): Promise<boolean> {
    const row = this.rows.get(id);
    if (!row || row.aff_quota < quota) return false;
    row.aff_quota -= quota;
    return true;
  }

  async addInviteQuota(id: number, quota: number): Promise<boolean> {
    const row = this.rows.get(id);
    if (!row) return false;
    row.aff_quota += quota;
    row.aff_history_quota += quota;
    return true;
  }

  async setEmailIfFree(id: number, email: string): Promise<boolean> {
    const row = this.rows.get(id);
    if (!row || row.deleted_at !== null) return false;
    if ([...this.rows.values()].some((u) => u.id !== id && u.email === email && u.deleted_at === null)) return false;
    row.email = email;
    return true;
  }

  findNotifyRecords(): never {
    return notImplemented('UserRepository.findNotifyRecords');
  }

  findLowQuotaCandidates(): never {
    return notImplemented('UserRepository.findLowQuotaCandidates');
  }

  async findByIdentity(field: IdentityField, value: string): Promise<UserEntity | null> {
    return copy(this.all().find((u) => u[field] === value));
  }

  async setIdentity(id: number, field: IdentityField, value: string): Promise<boolean> {
    const row = this.rows.get(id);
    if (!row || row.deleted_at !== null) return false;
    this.checkUnique({ ...row, [field]: value });
    row[field] = value;
    return true;
  }

  private all(): UserEntity[] {
    return [...this.rows.values()].map((u) => structuredClone(u));
  }

  private checkUnique(row: UserEntity): void {
    for (const key of UNIQUE) {
      if (row[key] === null || row[key] === undefined) continue;
      if ([...this.rows.values()].some((u) => u.id !== row.id && u[key] === row[key])) throw uniqueViolation(`users.${key}`);
    }
  }
}

function copy<T>(row: T | undefined): T | null {
  return row ? structuredClone(row) : null;
}

/** A strict FakeUserRepository, typed as the real repository for the service under test. */
export function fakeUserRepository(): { fake: FakeUserRepository; repo: UserRepository } {
  const fake = new FakeUserRepository();
  return { fake, repo: strictFake('UserRepository', fake) as unknown as UserRepository };
}
