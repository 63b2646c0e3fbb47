import { Injectable } from '@nestjs/common';
import { checkSetup, Role, type SetupRequest, type SetupStatus } from '@gw/shared';
import { AppError } from '../../common/http/app-error';
import type { MessageKey } from '../../common/i18n/messages';
import { isUniqueViolation } from '../../database/db-errors';
import { OptionService } from '../option/option.service';
import { UserService } from '../user/user.service';
import { SetupRepository } from './setup.repository';

export const APP_VERSION = '0.1.0';

/** What the root account starts with. */
const ROOT_QUOTA = 100_000_000;

/**
 * First-run setup. It succeeds once: the insert of the single `setups` row (primary key 1) is the
 * lock, in one transaction with the root user (created by UserService like every user, with its
 * starting-quota row) and the mode options (through OptionService), so parallel submissions create
 * exactly one root and the rest are refused.
 */
@Injectable()
export class SetupService {
  private done = false;

  constructor(
    private readonly repo: SetupRepository,
    private readonly users: UserService,
    private readonly options: OptionService,
  ) {}

  /** Cached once true; until then asks the database (another node may have finished setup). */
  async isDone(): Promise<boolean> {
    if (!this.done) this.done = await this.repo.exists();
    return this.done;
  }

  async status(): Promise<SetupStatus> {
    const rootInit = await this.users.rootExists();
    return { status: await this.isDone(), root_init: rootInit, database_type: this.repo.databaseType() };
  }

  async run(req: SetupRequest): Promise<void> {
    if (await this.isDone()) throw AppError.forbidden('setup.done');
    const rootInit = (await this.status()).root_init;
    if (!rootInit) {
      const rule = checkSetup(req);
      if (rule) throw AppError.badRequest(rule as MessageKey);
    }
    if (req.SelfUseModeEnabled && req.DemoSiteEnabled) throw AppError.badRequest('setup.mode_conflict');
    // argon2 takes tens of milliseconds: hashed before the transaction, never inside it.
    const passwordHash = rootInit ? '' : await this.users.hashPassword(req.password);
    try {
      await this.repo.transaction(async (tx) => {
        await this.repo.insert(APP_VERSION, tx);
        if (!rootInit) {
          // Every credit has its row (docs/ledger.md), root's starting quota too.
          await this.users.insert(
            {
              username: req.username.trim(),
              passwordHash,
              display_name: 'Root User',
              role: Role.Root,
              quota: ROOT_QUOTA,
              quotaNote: `root account created with ${ROOT_QUOTA} quota`,
            },
            tx,
          );
        }
        await this.options.storeWithin(tx, {
          SelfUseModeEnabled: String(req.SelfUseModeEnabled),
          DemoSiteEnabled: String(req.DemoSiteEnabled),
        });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw AppError.forbidden('setup.done');
      throw err;
    }
    this.done = true;
    await this.options.committed();
  }
}
