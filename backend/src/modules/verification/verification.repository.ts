import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, LessThanOrEqual, MoreThan, type EntityManager, type Repository } from 'typeorm';
import { isUniqueViolation } from '../../database/db-errors';
import { VerificationCodeEntity } from '../../database/entities';

export type CodePurpose = 'email' | 'reset';

/** A code to record: its keyed hash and its times (epoch seconds). */
export interface CodeIssue {
  purpose: CodePurpose;
  address: string;
  codeHash: string;
  now: number;
  expiresAt: number;
  /** A code for the same address sent at or after this time blocks the new one. */
  resendAfter: number;
}

/** The `verification_codes` table: plain data access; the rules live in VerificationCodes. */
@Injectable()
export class VerificationRepository {
  constructor(@InjectRepository(VerificationCodeEntity) private readonly codes: Repository<VerificationCodeEntity>) {}

  /**
   * Records a code unless one for this purpose and address was sent after `resendAfter`: replaces
   * an older row with one conditional update, or inserts (the primary key refuses a racing twin).
   * True when recorded.
   */
  async claim(c: CodeIssue): Promise<boolean> {
    const where = { purpose: c.purpose, address: c.address };
    const fresh = { code_hash: c.codeHash, attempts: 0, created_at: c.now, expires_at: c.expiresAt };
    const res = await this.codes.update({ ...where, created_at: LessThanOrEqual(c.resendAfter) }, fresh);
    if (res.affected) return true;
    try {
      await this.codes.insert({ ...where, ...fresh });
      return true;
    } catch (err) {
      if (isUniqueViolation(err)) return false;
      throw err;
    }
  }

  find(purpose: CodePurpose, address: string, m?: EntityManager): Promise<VerificationCodeEntity | null> {
    return this.repo(m).findOneBy({ purpose, address });
  }

  /** One more wrong attempt on the row holding `codeHash` (a newer code is not touched). */
  async addAttempt(purpose: CodePurpose, address: string, codeHash: string): Promise<void> {
    await this.codes.increment({ purpose, address, code_hash: codeHash }, 'attempts', 1);
  }

  /**
   * Deletes the row holding `codeHash` while it is unexpired and not void, in `m`'s transaction:
   * true for exactly one caller however many try at once.
   */
  async take(m: EntityManager, purpose: CodePurpose, address: string, codeHash: string, now: number, maxAttempts: number): Promise<boolean> {
    const res = await this.repo(m).delete({
      purpose,
      address,
      code_hash: codeHash,
      expires_at: MoreThan(now),
      attempts: LessThan(maxAttempts),
    });
    return res.affected === 1;
  }

  /** Forgets the row holding `codeHash` (its mail could not be sent). */
  async release(purpose: CodePurpose, address: string, codeHash: string): Promise<void> {
    await this.codes.delete({ purpose, address, code_hash: codeHash });
  }

  /** Deletes rows expired before `before` (housekeeping; a row is replaced anyway when its address asks again). */
  async sweep(before: number): Promise<void> {
    await this.codes.delete({ expires_at: LessThan(before) });
  }

  private repo(m?: EntityManager): Repository<VerificationCodeEntity> {
    return m ? m.getRepository(VerificationCodeEntity) : this.codes;
  }
}
