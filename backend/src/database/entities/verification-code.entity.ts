import { Entity, PrimaryColumn } from 'typeorm';
import { BigIntColumn, IntColumn, StrColumn } from '../columns';

/**
 * A code or token mailed to an address (docs/identity/email-and-reset.md): at most one per purpose
 * and address. Only its keyed hash is stored; the row is deleted when used.
 */
@Entity('verification_codes')
export class VerificationCodeEntity {
  /** 'email' (sign-up and binding codes) or 'reset' (password-reset links). */
  @PrimaryColumn({ type: 'varchar', length: 16 }) purpose!: string;
  /** The address, normalized (normalizeEmail). */
  @PrimaryColumn({ type: 'varchar', length: 191 }) address!: string;
  /** keyedHash(CRYPTO_SECRET, code). */
  @StrColumn(64) code_hash!: string;
  /** Wrong attempts so far; at the limit the code is void. */
  @IntColumn() attempts!: number;
  /** Epoch seconds when it was sent (a new one for the address waits 30 s from here). */
  @BigIntColumn() created_at!: number;
  @BigIntColumn() expires_at!: number;
}
