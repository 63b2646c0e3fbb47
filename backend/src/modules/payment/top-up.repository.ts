import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { TopUpEntity } from '../../database/entities';

/** A transaction the order's completion and its credit share (passed on to UserService.credit). */
export type TopUpTx = EntityManager;

export const TopUpStatus = { Pending: 'pending', Success: 'success' } as const;

/** Data access for `top_ups` (no rules; PaymentService holds those). `trade_no` is unique. */
@Injectable()
export class TopUpRepository {
  constructor(@InjectRepository(TopUpEntity) private readonly repo: Repository<TopUpEntity>) {}

  transaction<T>(work: (tx: TopUpTx) => Promise<T>): Promise<T> {
    return this.repo.manager.transaction(work);
  }

  /** Inserts a pending order; rejects on a taken trade number (isUniqueViolation). */
  async insertPending(row: Pick<TopUpEntity, 'user_id' | 'amount' | 'money' | 'trade_no' | 'payment_method' | 'create_time'>): Promise<void> {
    await this.repo.insert({ ...row, complete_time: 0, status: TopUpStatus.Pending });
  }

  findByTradeNo(tradeNo: string): Promise<TopUpEntity | null> {
    return this.repo.findOneBy({ trade_no: tradeNo });
  }

  /**
   * Marks a pending order paid, in `tx`. True for exactly one caller per order however many
   * callbacks race: the row's status is the guard (on MySQL the second UPDATE waits for the first
   * to commit, then matches nothing).
   */
  async completeIfPending(tx: TopUpTx, tradeNo: string, now: number): Promise<boolean> {
    const res = await tx
      .createQueryBuilder()
      .update(TopUpEntity)
      .set({ status: TopUpStatus.Success, complete_time: now })
      .where('trade_no = :tradeNo AND status = :pending', { tradeNo, pending: TopUpStatus.Pending })
      .execute();
    return res.affected === 1;
  }

  /** One page of a user's orders, newest first, with the total. */
  pageOwned(userId: number, skip: number, take: number): Promise<[TopUpEntity[], number]> {
    return this.repo.findAndCount({ where: { user_id: userId }, order: { id: 'DESC' }, skip, take });
  }
}
