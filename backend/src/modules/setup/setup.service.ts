import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { checkSetup, LogType, Role, type SetupRequest, type SetupStatus } from '@gw/shared';
import { DataSource } from 'typeorm';
import { AppError } from '../../common/http/app-error';
import type { MessageKey } from '../../common/i18n/messages';
import { nowSec } from '../../database/columns';
import { databaseType } from '../../database/data-source';
import { isUniqueViolation } from '../../database/db-errors';
import { OptionEntity, SetupEntity, UserEntity } from '../../database/entities';
import { PasswordService } from '../auth/password.service';
import { LogService } from '../log/log.service';
import { OptionService } from '../option/option.service';

export const APP_VERSION = '0.1.0';

/** What the root account starts with. */
const ROOT_QUOTA = 100_000_000;

/**
 * First-run setup. It succeeds once: the insert of the single `setups` row (primary key 1) is the
 * lock, in the same transaction as the root user and the mode options, so parallel submissions
 * create exactly one root and the rest are refused.
 */
@Injectable()
export class SetupService {
  private done = false;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly passwords: PasswordService,
    private readonly options: OptionService,
    private readonly logs: LogService,
  ) {}

  /** Cached once true; until then asks the database (another node may have finished setup). */
  async isDone(): Promise<boolean> {
    if (!this.done) this.done = (await this.ds.getRepository(SetupEntity).countBy({ id: 1 })) > 0;
    return this.done;
  }

  async status(): Promise<SetupStatus> {
    const rootInit = (await this.ds.getRepository(UserEntity).countBy({ role: Role.Root })) > 0;
    return { status: await this.isDone(), root_init: rootInit, database_type: databaseType(this.ds) };
  }

  async run(req: SetupRequest): Promise<void> {
    if (await this.isDone()) throw AppError.forbidden('setup.done');
    const rootInit = (await this.status()).root_init;
    if (!rootInit) {
      const rule = checkSetup(req);
      if (rule) throw AppError.badRequest(rule as MessageKey);
    }
    if (req.SelfUseModeEnabled && req.DemoSiteEnabled) throw AppError.badRequest('setup.mode_conflict');
    const hash = rootInit ? '' : await this.passwords.hash(req.password);
    try {
      await this.ds.transaction(async (m) => {
        await m.getRepository(SetupEntity).insert({ id: 1, version: APP_VERSION, initialized_at: nowSec() });
        if (!rootInit) {
          const inserted = await m.getRepository(UserEntity).insert({
            username: req.username.trim(),
            password: hash,
            display_name: 'Root User',
            role: Role.Root,
            status: 1,
            quota: ROOT_QUOTA,
            group: 'default',
            aff_code: null,
            setting: '',
            created_at: nowSec(),
          });
          // Every credit has its row (docs/ledger.md), root's starting quota too.
          await this.logs.insertNow(m, {
            type: LogType.System,
            user_id: Number(inserted.identifiers[0].id),
            username: req.username.trim(),
            quota: ROOT_QUOTA,
            content: `root account created with ${ROOT_QUOTA} quota`,
          });
        }
        await m.getRepository(OptionEntity).upsert(
          [
            { key: 'SelfUseModeEnabled', value: String(req.SelfUseModeEnabled) },
            { key: 'DemoSiteEnabled', value: String(req.DemoSiteEnabled) },
          ],
          ['key'],
        );
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw AppError.forbidden('setup.done');
      throw err;
    }
    this.done = true;
    await this.options.reload();
  }
}
