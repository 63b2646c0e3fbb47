import { TokenStatus } from '@gw/shared';
import type { TokenEntity } from '../database/entities';
import type { OwnedTokenFilter, RowWindow, TokenRepository } from '../modules/token/token.repository';
import { strictFake, uniqueViolation, type Public } from './strict-fake';

/** Column defaults of `tokens` (token.entity.ts), applied to inserted rows as the database does. */
const DEFAULTS: Omit<TokenEntity, 'id' | 'user_id' | 'key' | 'key_hash'> = {
  status: TokenStatus.Enabled,
  name: '',
  created_time: 0,
  accessed_time: 0,
  expired_time: -1,
  remain_quota: 0,
  unlimited_quota: false,
  model_limits_enabled: false,
  model_limits: null,
  allow_ips: null,
  used_quota: 0,
  group: '',
  rate_limit_enabled: false,
  rate_limit_period: 60,
  rate_limit_count: 1000,
  rate_limit_success: 10,
  deleted_at: null,
};

/**
 * `tokens` in memory, as TokenRepository reads and writes it: ids auto-increment, key_hash is unique
 * (a batch with a duplicate inserts nothing), reads return copies (a caller cannot change stored rows
 * by reference) and never soft-deleted rows, name filters match like LIKE with a case-insensitive
 * collation. Use `FakeTokenRepository.create()`: the instance is strict (see strict-fake.ts).
 */
export class FakeTokenRepository implements Public<TokenRepository> {
  /** The table, by id: specs read and seed it directly. */
  readonly rows = new Map<number, TokenEntity>();
  private nextId = 1;

  static create(): FakeTokenRepository {
    return strictFake('TokenRepository', new FakeTokenRepository());
  }

  /** Seeds one row (defaults filled in), bypassing the service; returns its id. */
  seed(row: Partial<TokenEntity> & Pick<TokenEntity, 'user_id' | 'key' | 'key_hash'>): number {
    const id = row.id ?? this.nextId;
    this.nextId = Math.max(this.nextId, id + 1);
    this.rows.set(id, { ...DEFAULTS, ...row, id });
    return id;
  }

  async insertAll(rows: readonly Partial<TokenEntity>[]): Promise<TokenEntity[]> {
    const hashes = new Set([...this.rows.values()].map((r) => r.key_hash));
    for (const row of rows) {
      if (row.user_id === undefined || row.key === undefined || row.key_hash === undefined)
        throw new Error('NOT NULL constraint failed: tokens.user_id/key/key_hash');
      if (hashes.has(row.key_hash)) throw uniqueViolation('tokens', 'key_hash');
      hashes.add(row.key_hash);
    }
    return rows.map((row) => {
      const id = this.nextId++;
      const stored: TokenEntity = { ...DEFAULTS, ...(row as TokenEntity), id };
      this.rows.set(id, stored);
      return { ...stored };
    });
  }

  async pageOwned(userId: number, filter: OwnedTokenFilter, window: RowWindow): Promise<[TokenEntity[], number]> {
    const all = this.owned(userId, filter);
    return [all.slice(window.skip, window.skip + window.take), all.length];
  }

  async listOwned(userId: number, filter: OwnedTokenFilter, limit: number): Promise<TokenEntity[]> {
    return this.owned(userId, filter).slice(0, limit);
  }

  async findOwned(userId: number, id: number): Promise<TokenEntity | null> {
    const row = this.rows.get(id);
    return row && row.user_id === userId && row.deleted_at === null ? { ...row } : null;
  }

  async findByKeyHash(keyHash: string): Promise<TokenEntity | null> {
    return this.live().find((r) => r.key_hash === keyHash) ?? null;
  }

  async findByKeyHashes(hashes: readonly string[]): Promise<TokenEntity[]> {
    const wanted = new Set(hashes);
    return this.live().filter((r) => wanted.has(r.key_hash));
  }

  readByKeyHashes(hashes: readonly string[]): Promise<TokenEntity[]> {
    return this.findByKeyHashes(hashes);
  }

  async update(id: number, patch: Partial<TokenEntity>): Promise<void> {
    const row = this.rows.get(id);
    if (!row) return; // UPDATE … WHERE id = ? on a missing row changes nothing
    if (
      patch.key_hash !== undefined &&
      [...this.rows.values()].some((r) => r.id !== id && r.key_hash === patch.key_hash) // deleted rows keep their key
    )
      throw uniqueViolation('tokens', 'key_hash');
    this.rows.set(id, { ...row, ...patch, id });
  }

  async softDelete(id: number, at: number): Promise<void> {
    await this.update(id, { deleted_at: at });
  }

  /** Live rows, newest first, as copies. */
  private live(): TokenEntity[] {
    return [...this.rows.values()]
      .filter((r) => r.deleted_at === null)
      .sort((a, b) => b.id - a.id)
      .map((r) => ({ ...r }));
  }

  private owned(userId: number, filter: OwnedTokenFilter): TokenEntity[] {
    const name = filter.nameContains?.toLowerCase();
    return this.live().filter(
      (r) =>
        r.user_id === userId &&
        (!name || r.name.toLowerCase().includes(name)) &&
        (filter.keyHash === undefined || r.key_hash === filter.keyHash),
    );
  }
}
