import { Entity, Index, PrimaryColumn } from 'typeorm';
import { BigIntColumn, IntColumn } from '../columns';

/**
 * One console sign-in (docs/security/sessions.md). The cookie carries a random id; the table holds only
 * its keyed hash, so a copy of the table cannot be replayed as a cookie. Deleting the row ends the session.
 */
@Entity('sessions', { withoutRowid: true })
export class SessionEntity {
  /** keyedHash(SESSION_SECRET, the id in the cookie). */
  @PrimaryColumn({ type: 'varchar', length: 64 }) id!: string;
  @Index() @IntColumn() user_id!: number;
  /**
   * users.session_version when the session began or last survived a password change. Revocations bump
   * the user's version, so a row written by a sign-in racing with one is void too.
   */
  @IntColumn() session_version!: number;
  @BigIntColumn() created_at!: number;
  @Index() @BigIntColumn() expires_at!: number;
  /** Refreshed at most every few minutes (not a write per request). */
  @BigIntColumn() last_seen_at!: number;
}
