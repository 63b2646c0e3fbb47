import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { CheckInEntity } from '../../database/entities';

/** A transaction the check-in row and its credit share. */
export type CheckInTx = EntityManager;

/**
 * The `check_ins` table: one row per user and day. Its unique key (user_id, day) is what grants a
 * check-in once; an insert that breaks it rejects with the driver's error (isUniqueViolation).
 */
@Injectable()
export class CheckInRepository {
  constructor(@InjectRepository(CheckInEntity) private readonly rows: Repository<CheckInEntity>) {}

  transaction<T>(work: (tx: CheckInTx) => Promise<T>): Promise<T> {
    return this.rows.manager.transaction(work);
  }

  exists(userId: number, day: number): Promise<boolean> {
    return this.rows.existsBy({ user_id: userId, day });
  }

  async insert(tx: CheckInTx, row: Omit<CheckInEntity, 'id'>): Promise<void> {
    await tx.getRepository(CheckInEntity).insert(row);
  }
}
