import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, type Repository } from 'typeorm';
import { likePattern } from '../../common/http/paging';
import { TokenEntity } from '../../database/entities';
import { insertRows } from '../../database/insert-rows';
import { SqliteReader } from '../../database/sqlite-reader';

/** Narrows a caller's live tokens: a name fragment (LIKE, wildcards escaped) and/or an exact key hash. */
export interface OwnedTokenFilter {
  nameContains?: string;
  keyHash?: string;
}

/** A window over rows ordered by id, newest first. */
export interface RowWindow {
  skip: number;
  take: number;
}

/**
 * Data access for `tokens` (no business rules; TokenService holds those). "Live" means not soft
 * deleted (deleted_at IS NULL); every read here returns live rows only.
 */
@Injectable()
export class TokenRepository {
  constructor(
    @InjectRepository(TokenEntity) private readonly repo: Repository<TokenEntity>,
    private readonly reader: SqliteReader,
  ) {}

  /**
   * Inserts the rows in one transaction (all or none; key_hash is unique) and returns them as stored,
   * in the order given, read back by key_hash.
   */
  async insertAll(rows: readonly Partial<TokenEntity>[]): Promise<TokenEntity[]> {
    const hashes = rows.map((r) => r.key_hash as string);
    const stored = await this.repo.manager.transaction(async (m) => {
      await insertRows(m, TokenEntity, rows);
      return m.getRepository(TokenEntity).findBy({ key_hash: In(hashes) });
    });
    const byHash = new Map(stored.map((t) => [t.key_hash, t]));
    return hashes.map((h) => byHash.get(h) as TokenEntity);
  }

  /** One page of the owner's live tokens matching `filter`, newest first, with the total that match. */
  pageOwned(userId: number, filter: OwnedTokenFilter, window: RowWindow): Promise<[TokenEntity[], number]> {
    return this.ownedQuery(userId, filter).skip(window.skip).take(window.take).getManyAndCount();
  }

  /** Up to `limit` of the owner's live tokens matching `filter`, newest first. */
  listOwned(userId: number, filter: OwnedTokenFilter, limit: number): Promise<TokenEntity[]> {
    return this.ownedQuery(userId, filter).take(limit).getMany();
  }

  findOwned(userId: number, id: number): Promise<TokenEntity | null> {
    return this.repo.findOneBy({ id, user_id: userId, deleted_at: IsNull() });
  }

  findByKeyHash(keyHash: string): Promise<TokenEntity | null> {
    return this.repo.findOneBy({ key_hash: keyHash, deleted_at: IsNull() });
  }

  findByKeyHashes(hashes: readonly string[]): Promise<TokenEntity[]> {
    return this.repo.findBy({ key_hash: In([...hashes]), deleted_at: IsNull() });
  }

  /** As findByKeyHashes, read by SqliteReader: off the event loop on SQLite. */
  readByKeyHashes(hashes: readonly string[]): Promise<TokenEntity[]> {
    const qb = this.repo
      .createQueryBuilder('t')
      .where('t.key_hash IN (:...hashes)', { hashes })
      .andWhere('t.deleted_at IS NULL');
    return this.reader.entities(qb);
  }

  /** Writes the given columns of one row (unconditionally). */
  async update(id: number, patch: Partial<TokenEntity>): Promise<void> {
    await this.repo.update({ id }, patch);
  }

  /** Soft delete: the row stays, with deleted_at set. */
  async softDelete(id: number, at: number): Promise<void> {
    await this.repo.update({ id }, { deleted_at: at });
  }

  private ownedQuery(userId: number, filter: OwnedTokenFilter) {
    const qb = this.repo
      .createQueryBuilder('t')
      .where('t.user_id = :userId AND t.deleted_at IS NULL', { userId })
      .orderBy('t.id', 'DESC');
    if (filter.nameContains) qb.andWhere("t.name LIKE :name ESCAPE '!'", { name: likePattern(filter.nameContains) });
    if (filter.keyHash !== undefined) qb.andWhere('t.key_hash = :hash', { hash: filter.keyHash });
    return qb;
  }
}
