import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { RedemptionStatus } from '@gw/shared';
import { In, IsNull, type EntityManager, type Repository } from 'typeorm';
import { likePattern } from '../../common/http/paging';
import { RedemptionEntity, RedemptionUseEntity } from '../../database/entities';
import { insertRows } from '../../database/insert-rows';
import { SqliteReader } from '../../database/sqlite-reader';

/** A transaction the redemption's writes (and the credit it pays) join. */
export type RedemptionTx = EntityManager;

/** A window over rows ordered by id, newest first. */
export interface RowWindow {
  skip: number;
  take: number;
}

/** The columns an admin edit may write. */
export type RedemptionPatch = Partial<Pick<RedemptionEntity, 'name' | 'quota' | 'is_gift' | 'max_uses' | 'valid_from' | 'valid_until'>>;

const LIVE = 'deleted_at IS NULL';
/** Inside its validity window at :now (0 = unset bound). */
const IN_WINDOW = '(valid_from = 0 OR valid_from <= :now) AND (valid_until = 0 OR valid_until > :now)';

/**
 * Data access for `redemptions` and `redemption_uses` (no rules; RedemptionService holds those).
 * "Live" means not soft deleted; every read returns live rows only. Writes that depend on a row's
 * state are single conditional statements and report whether they applied.
 */
@Injectable()
export class RedemptionRepository {
  constructor(
    @InjectRepository(RedemptionEntity) private readonly repo: Repository<RedemptionEntity>,
    private readonly reader: SqliteReader,
  ) {}

  transaction<T>(work: (tx: RedemptionTx) => Promise<T>): Promise<T> {
    return this.repo.manager.transaction(work);
  }

  /** Inserts the rows in one transaction: all or none (`key` is unique). */
  insertAll(rows: readonly Partial<RedemptionEntity>[]): Promise<void> {
    return this.repo.manager.transaction((m) => insertRows(m, RedemptionEntity, rows));
  }

  /**
   * One page of live codes, newest first; keyword matches the id exactly or a fragment of the name. Read on
   * SqliteReader: a keyword reads every code (docs/logs.md, "Reading and deleting").
   */
  page(keyword: string, window: RowWindow): Promise<[RedemptionEntity[], number]> {
    const qb = this.repo.createQueryBuilder('r').where(`r.${LIVE}`);
    if (keyword) {
      const byId = /^\d{1,9}$/.test(keyword) ? 'r.id = :id OR ' : '';
      qb.andWhere(`(${byId}r.name LIKE :like ESCAPE '!')`, { id: Number(keyword), like: likePattern(keyword) });
    }
    const page = qb.clone().orderBy('r.id', 'DESC').offset(window.skip).limit(window.take);
    return Promise.all([this.reader.entities(page), this.reader.count(qb)]);
  }

  findLive(id: number): Promise<RedemptionEntity | null> {
    return this.repo.findOneBy({ id, deleted_at: IsNull() });
  }

  findLiveByKey(key: string): Promise<RedemptionEntity | null> {
    return this.repo.findOneBy({ key, deleted_at: IsNull() });
  }

  /** Writes `patch` only while the code is unused (and, when `unusedOnly`, never redeemed at all). */
  async updateUnused(id: number, patch: RedemptionPatch, unusedOnly: boolean): Promise<boolean> {
    const qb = this.writer()
      .set(patch)
      .where(`id = :id AND status = :unused AND ${LIVE}`, { id, unused: RedemptionStatus.Unused });
    if (unusedOnly) qb.andWhere('used_count = 0');
    return Boolean((await qb.execute()).affected);
  }

  /** Sets the status of a code that is not used (status 3 is final). */
  async setStatusUnlessUsed(id: number, status: RedemptionStatus): Promise<boolean> {
    const res = await this.writer()
      .set({ status })
      .where(`id = :id AND status <> :used AND ${LIVE}`, { id, used: RedemptionStatus.Used })
      .execute();
    return Boolean(res.affected);
  }

  /** Disables the unused codes among `ids`; returns how many changed. */
  async disableUnused(ids: readonly number[]): Promise<number> {
    const res = await this.writer()
      .set({ status: RedemptionStatus.Disabled })
      .where({ id: In([...ids]), status: RedemptionStatus.Unused, deleted_at: IsNull() })
      .execute();
    return res.affected ?? 0;
  }

  async softDelete(id: number, at: number): Promise<boolean> {
    const res = await this.writer().set({ deleted_at: at }).where(`id = :id AND ${LIVE}`, { id }).execute();
    return Boolean(res.affected);
  }

  /** Soft-deletes codes that can no longer be redeemed: disabled, used, gift codes used up, or expired. */
  async softDeleteInvalid(now: number): Promise<number> {
    const res = await this.writer()
      .set({ deleted_at: now })
      .where(
        `${LIVE} AND (status IN (:...gone) OR (is_gift = 1 AND max_uses <> -1 AND used_count >= max_uses)` +
          ' OR (valid_until <> 0 AND valid_until <= :now))',
        { gone: [RedemptionStatus.Disabled, RedemptionStatus.Used], now },
      )
      .execute();
    return res.affected ?? 0;
  }

  countByName(name: string): Promise<number> {
    return this.repo.countBy({ name, deleted_at: IsNull() });
  }

  async softDeleteByName(name: string, at: number): Promise<number> {
    const res = await this.writer().set({ deleted_at: at }).where({ name, deleted_at: IsNull() }).execute();
    return res.affected ?? 0;
  }

  /** Marks a single-use code used by `userId`, only if it is unused and valid at `now`: true when it was. */
  async claimSingle(tx: RedemptionTx, id: number, userId: number, now: number): Promise<boolean> {
    const res = await this.writer(tx)
      .set({ status: RedemptionStatus.Used, used_user_id: userId, redeemed_time: now, used_count: 1 })
      .where(`id = :id AND is_gift = 0 AND status = :unused AND ${LIVE} AND ${IN_WINDOW}`, {
        id,
        unused: RedemptionStatus.Unused,
        now,
      })
      .execute();
    return Boolean(res.affected);
  }

  /**
   * Counts a use of a gift code by `userId`, only if the code is unused, valid at `now` and has uses
   * left, then records it in the unique (code, user) row: a second use by the same user rejects with a
   * unique violation. The counting update comes first so that on MariaDB the code's row lock orders
   * racing redeemers before any of them touches `redemption_uses` (inserting one key from several
   * transactions at once can deadlock). True when both happened; on false or a rejection the caller
   * must abandon `tx`.
   */
  async claimGift(tx: RedemptionTx, id: number, userId: number, now: number): Promise<boolean> {
    const res = await this.writer(tx)
      .set({ used_count: () => 'used_count + 1', used_user_id: userId, redeemed_time: now })
      .where(
        `id = :id AND is_gift = 1 AND status = :unused AND ${LIVE} AND ${IN_WINDOW}` +
          ' AND (max_uses = -1 OR used_count < max_uses)',
        { id, unused: RedemptionStatus.Unused, now },
      )
      .execute();
    if (!res.affected) return false;
    await tx.getRepository(RedemptionUseEntity).insert({ redemption_id: id, user_id: userId, created_time: now });
    return true;
  }

  /** Whether `userId` has redeemed the gift code `id`. */
  hasUsed(id: number, userId: number): Promise<boolean> {
    return this.repo.manager.getRepository(RedemptionUseEntity).existsBy({ redemption_id: id, user_id: userId });
  }

  private writer(tx?: RedemptionTx) {
    return (tx ?? this.repo.manager).createQueryBuilder().update(RedemptionEntity);
  }
}
