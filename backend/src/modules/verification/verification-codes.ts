import { Inject, Injectable } from '@nestjs/common';
import { normalizeEmail } from '@gw/shared';
import type { EntityManager } from 'typeorm';
import { AppError } from '../../common/http/app-error';
import type { MessageKey } from '../../common/i18n/messages';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { nowSec } from '../../database/columns';
import { keyedHash, safeEqual } from '../auth/secrets';
import { VerificationRepository, type CodePurpose } from './verification.repository';

/** After this many wrong attempts a code is void. */
export const MAX_ATTEMPTS = 5;
/** A new code for the same address waits this long after the last one (seconds). */
export const RESEND_AFTER_SEC = 30;
/** Rows expired for longer than this are swept when a new code is issued. */
const KEEP_EXPIRED_SEC = 24 * 3600;

/** How a purpose's codes are refused: the message for a wrong or expired one, and for a void one. */
const REFUSALS: Record<CodePurpose, { invalid: MessageKey; void: MessageKey }> = {
  email: { invalid: 'verification.code_invalid', void: 'verification.code_void' },
  reset: { invalid: 'reset.token_invalid', void: 'reset.token_invalid' },
};

/**
 * Codes and tokens mailed to an address (docs/identity/email-and-reset.md): one live per purpose and
 * address, stored as a keyed hash, compared in constant time, single use, void after MAX_ATTEMPTS
 * wrong tries. Using one is two steps: `check` before any transaction (it records a wrong attempt,
 * which must outlive the caller's rolled-back transaction), then `consume` inside the transaction
 * that acts on it (the conditional delete: exactly one caller wins).
 */
@Injectable()
export class VerificationCodes {
  constructor(
    private readonly repo: VerificationRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Records `code` for the address, valid `ttlSec`, and sends it with `deliver` (the mail). False, and
   * nothing sent, when one went out less than RESEND_AFTER_SEC ago. When delivery fails the code is
   * forgotten, so the address may ask again at once, and the error is rethrown.
   */
  async issueAndDeliver(
    purpose: CodePurpose,
    email: string,
    code: string,
    ttlSec: number,
    deliver: () => Promise<void>,
  ): Promise<boolean> {
    if (!(await this.issue(purpose, email, code, ttlSec))) return false;
    try {
      await deliver();
    } catch (err) {
      await this.release(purpose, email, code);
      throw err;
    }
    return true;
  }

  private async issue(purpose: CodePurpose, email: string, code: string, ttlSec: number): Promise<boolean> {
    const now = nowSec();
    const address = normalizeEmail(email);
    const claimed = await this.repo.claim({
      purpose,
      address,
      codeHash: this.hash(purpose, address, code),
      now,
      expiresAt: now + ttlSec,
      resendAfter: now - RESEND_AFTER_SEC,
    });
    if (claimed) await this.repo.sweep(now - KEEP_EXPIRED_SEC);
    return claimed;
  }

  private release(purpose: CodePurpose, email: string, code: string): Promise<void> {
    const address = normalizeEmail(email);
    return this.repo.release(purpose, address, this.hash(purpose, address, code));
  }

  /** Refuses a missing, wrong, expired or void code; a wrong one counts as an attempt. */
  async check(purpose: CodePurpose, email: string, code: string): Promise<void> {
    const refusal = REFUSALS[purpose];
    const address = normalizeEmail(email);
    const row = code ? await this.repo.find(purpose, address) : null;
    if (!row || row.expires_at <= nowSec()) throw AppError.badRequest(refusal.invalid);
    if (row.attempts >= MAX_ATTEMPTS) throw AppError.badRequest(refusal.void);
    if (!safeEqual(this.hash(purpose, address, code), row.code_hash)) {
      await this.repo.addAttempt(purpose, address, row.code_hash);
      throw AppError.badRequest(row.attempts + 1 >= MAX_ATTEMPTS ? refusal.void : refusal.invalid);
    }
  }

  /**
   * Uses the code up inside `m`'s transaction (after `check`): a conditional delete of the matching,
   * live row. Refused when another request used it first or it expired meanwhile; the caller's
   * transaction then rolls back.
   */
  async consume(m: EntityManager, purpose: CodePurpose, email: string, code: string): Promise<void> {
    const address = normalizeEmail(email);
    const row = code ? await this.repo.find(purpose, address, m) : null;
    const hash = this.hash(purpose, address, code);
    const matches = row !== null && safeEqual(hash, row.code_hash);
    if (!matches || !(await this.repo.take(m, purpose, address, hash, nowSec(), MAX_ATTEMPTS))) {
      throw AppError.badRequest(REFUSALS[purpose].invalid);
    }
  }

  /** Keyed, and bound to its purpose and address: a row's hash is worthless for any other. */
  private hash(purpose: CodePurpose, address: string, code: string): string {
    return keyedHash(this.config.cryptoSecret, `${purpose}\n${address}\n${code}`);
  }
}
