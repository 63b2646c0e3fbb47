import { Inject, Injectable, Logger, Optional, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import {
  buildSettings,
  OPTION_DEFS,
  OPTION_KEYS,
  validateOptionValue,
  type OptionDef,
  type OptionItem,
  type OptionKey,
  type Settings,
} from '@gw/shared';
import { Subject } from 'rxjs';
import type { EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { serialized } from '../../common/async/serialized';
import { AppError } from '../../common/http/app-error';
import type { MessageKey } from '../../common/i18n/messages';
import { ClusterBus } from '../redis/cluster-bus.service';
import { checkOptionRules } from './option-rules';
import { needsSealing, openRows, sealOption } from './option-secrets';
import { OptionRepository } from './option.repository';

/** Particular keys' own messages for validation failures. */
const SPECIFIC_MESSAGES: Record<string, Partial<Record<string, MessageKey>>> = {
  RebatePercentage: { out_of_range: 'option.rebate_range', not_number: 'option.rebate_range' },
  TopupGroupRatio: { not_json: 'option.topup_group_ratio_invalid' },
};

/**
 * Holds the options as an immutable typed snapshot, replaced atomically on change. A change applies
 * at once on this node and is announced to the other nodes, which reload (docs/cluster.md); every
 * SYNC_FREQUENCY each node reloads anyway.
 */
@Injectable()
export class OptionService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(OptionService.name);
  private raw: Readonly<Record<string, string>> = {};
  private snapshot: Settings = buildSettings({});
  private timer?: NodeJS.Timeout;
  /** Secret options that could not be decrypted (reported once, read as empty). */
  private unreadable = new Set<string>();
  /**
   * Emits the keys whose values changed (after the snapshot was replaced), whoever changed them: this
   * node, another node, or a periodic reload.
   */
  readonly changes = new Subject<readonly OptionKey[]>();
  /** Reads every option from the database (boot, periodic sync, another node's change); never overlapping. */
  readonly reload = serialized(() => this.readAll());

  constructor(
    private readonly repo: OptionRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() private readonly bus?: ClusterBus,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.reload();
    await this.sealPlainSecrets();
    this.bus?.subscribe('options', () => this.reload());
    this.bus?.onResync(() => this.reload());
    this.timer = setInterval(() => {
      this.reload().catch((err) => this.logger.warn(`option reload failed: ${String(err)}`));
    }, this.config.syncFrequencySec * 1000);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
    this.changes.complete();
  }

  /** The current settings. Hold the reference for one unit of work; never mutate it. */
  get settings(): Settings {
    return this.snapshot;
  }

  /** All non-secret options as stored strings (defaults filled in), for GET /api/option/. */
  listPublic(): OptionItem[] {
    return OPTION_KEYS.filter((k) => !(OPTION_DEFS[k] as OptionDef).secret).map((key) => ({
      key,
      value: this.raw[key] ?? OPTION_DEFS[key].default,
    }));
  }

  /** Validates and stores one option; throws AppError with a localised reason when refused. */
  async update(key: string, value: string): Promise<void> {
    const checked = validateOptionValue(key, value);
    if (!checked.ok) {
      const message = SPECIFIC_MESSAGES[key]?.[checked.error] ?? `option.${checked.error}`;
      throw AppError.badRequest(message, { key, entry: checked.entry ?? '' });
    }
    checkOptionRules(key as OptionKey, checked.value, this.snapshot);
    await this.setMany({ [key]: checked.value });
  }

  /**
   * Stores several already-valid values in one transaction, publishes the new snapshot here and tells
   * the other nodes. The snapshot is read back rather than patched, so that a reload under way cannot
   * land after it with older values.
   */
  async setMany(values: Readonly<Record<string, string>>): Promise<void> {
    const rows = Object.entries(values).map(([key, value]) => ({
      key,
      value: sealOption(this.config.cryptoSecret, key, value),
    }));
    await this.repo.upsertAll(rows);
    await this.committed();
  }

  /**
   * Stores already-valid values inside the caller's transaction (setup writes its mode options with
   * the root account). Nothing is published: the caller calls committed() once the transaction committed.
   */
  async storeWithin(tx: EntityManager, values: Readonly<Record<string, string>>): Promise<void> {
    const rows = Object.entries(values).map(([key, value]) => ({
      key,
      value: sealOption(this.config.cryptoSecret, key, value),
    }));
    await this.repo.upsertAll(rows, tx);
  }

  /** After a write of this node committed: reload, then tell the other nodes to. */
  async committed(): Promise<void> {
    await this.reload();
    void this.bus?.publish('options', {});
  }

  private async readAll(): Promise<void> {
    const { raw, unreadable } = openRows(this.config.cryptoSecret, await this.repo.findAll());
    for (const key of unreadable)
      if (!this.unreadable.has(key))
        this.logger.error(
          `option ${key} cannot be decrypted with the current CRYPTO_SECRET; it reads as empty until set again`,
        );
    this.unreadable = new Set(unreadable);
    this.apply(raw);
  }

  /**
   * Encrypts secret options an older version stored in plain text. Conditional on the row still
   * holding that plain value, so a change written meanwhile by another node is never overwritten.
   */
  private async sealPlainSecrets(): Promise<void> {
    const rows = await this.repo.findAll();
    for (const { key, value } of rows) {
      if (!needsSealing(key, value)) continue;
      await this.repo.replaceIfUnchanged(key, value, sealOption(this.config.cryptoSecret, key, value));
      this.logger.log(`option ${key} is now stored encrypted`);
    }
  }

  private apply(raw: Record<string, string>): void {
    const changed = OPTION_KEYS.filter((k) => (raw[k] ?? null) !== (this.raw[k] ?? null));
    this.raw = Object.freeze(raw);
    if (changed.length === 0) return;
    this.snapshot = buildSettings(raw);
    this.changes.next(changed);
  }
}
