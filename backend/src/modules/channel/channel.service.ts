import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import {
  ChannelKeyStatus,
  ChannelStatus,
  checkChannelRegions,
  credentialChanges,
  LogMessage,
  logMessageFields,
  LogType,
  splitChannelKeys,
} from '@gw/shared';
import { Subject } from 'rxjs';
import { AppError } from '../../common/http/app-error';
import type { MessageKey } from '../../common/i18n/messages';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { nowSec } from '../../database/columns';
import type { ChannelEntity } from '../../database/entities';
import type { AuthUser } from '../auth/auth-user';
import { decryptSecret, encryptSecret } from '../auth/secret-box';
import { LogService } from '../log/log.service';
import { ClusterBus } from '../redis/cluster-bus.service';
import { ChannelKeyStore } from './channel-key-store';
import { appendedKeys, keysToCreate, normalizeOther, splitList } from './channel-fields';
import { ChannelBatchJournal } from './channel-batch-journal';
import { CHANNELS_PER_READ, ChannelRoutingWrites } from './channel-routing-writes';
import { toChannelView, type ChannelView } from './channel-view';
import { ChannelRepository, type ChannelSelector } from './channel.repository';
import type { CreateChannelDto, UpdateChannelDto } from './dto';

/** Where a model is served (ChannelService.servedModels). */
export interface ModelServing {
  groups: Set<string>;
  types: Set<number>;
}

export interface ChannelChange {
  id: number;
  channel: ChannelEntity | null;
}

/**
 * Upstream channels. Every write rebuilds the channel's rows of the (group, model) routing index
 * (abilities) in the same transaction and then announces the id on `changes` (relay caches reload)
 * and to the other nodes (docs/cluster.md).
 */
@Injectable()
export class ChannelService {
  private readonly logger = new Logger(ChannelService.name);
  /** Each channel write on this node, after commit: the row as stored now (null when deleted). */
  readonly changes = new Subject<ChannelChange>();
  /** Channel rows with their routing rows, in transactions the relay's commits can pass between. */
  private readonly writes: ChannelRoutingWrites;

  constructor(
    private readonly repo: ChannelRepository,
    private readonly logs: LogService,
    private readonly keyStates: ChannelKeyStore,
    journal: ChannelBatchJournal,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() bus?: ClusterBus,
  ) {
    this.writes = new ChannelRoutingWrites(repo, journal, this.logger);
    this.changes.subscribe(({ id }) => void bus?.publish('channel', { id }));
  }

  /**
   * One channel holding every key; with mode 'batch', one channel per key, each with the given name
   * (keysToCreate). `multi_key_mode` says how the relay picks among a channel's keys (random, polling).
   */
  async create(dto: CreateChannelDto): Promise<ChannelView | ChannelView[]> {
    const { mode, multi_key_mode, ...fields } = dto;
    const type = fields.type ?? 1;
    const other = normalizeOther(type, fields.other);
    if (other === null) throw AppError.badRequest('channel.other_json_invalid');
    checkRegions(type, other, fields.key);
    const keys = keysToCreate(type, fields.key, mode);
    if (typeof keys === 'string') throw AppError.badRequest(keys);
    if (keys.length === 0) throw AppError.badRequest('channel.name_key_required');
    const entities = keys.map((key): Partial<ChannelEntity> => ({
      ...fields,
      type,
      other,
      key: this.encrypt(key),
      models: splitList(fields.models).join(','),
      group: splitList(fields.group ?? 'default').join(',') || 'default',
      status: fields.status ?? ChannelStatus.Enabled,
      auto_ban: fields.auto_ban ?? 1,
      multi_key_mode: multi_key_mode ?? 'random',
      created_time: nowSec(),
      other_info: '',
    }));
    const saved = await this.writes.insertMany(entities, (ids) => this.removeMany(ids));
    await this.announce(saved.map((row) => row.id));
    const views = saved.map((c) => toChannelView(c));
    return mode === 'batch' ? views : views[0];
  }

  /**
   * Updates the given fields. Only root may change what decides where the channel's credential goes
   * or which credential it is (credentialChanges in libs/shared); a value equal to the stored one is
   * no change. Regions that go into host names are checked (docs/security/channel-credentials.md).
   */
  async update(dto: UpdateChannelDto, callerIsRoot: boolean): Promise<ChannelView> {
    const current = await this.find(dto.id);
    const { id, key_mode, multi_key_mode, ...fields } = dto;
    if (key_mode === 'append' && fields.key?.trim()) {
      const merged = appendedKeys(fields.type ?? current.type, this.decrypt(current.key), fields.key);
      if (merged === null) throw AppError.badRequest('channel.whole_key_single');
      fields.key = merged;
    }
    if (!callerIsRoot) {
      const changed = credentialChanges(current, fields);
      if (changed.length > 0) throw AppError.forbidden('channel.root_only_field', { fields: changed.join(', ') });
    }
    const patch: Partial<ChannelEntity> = { ...fields, key: undefined, multi_key_mode };
    if (fields.key !== undefined && fields.key.trim()) patch.key = this.encrypt(fields.key);
    if (fields.models !== undefined) patch.models = splitList(fields.models).join(',');
    if (fields.group !== undefined) patch.group = splitList(fields.group).join(',') || 'default';
    if (fields.other !== undefined || fields.type !== undefined) {
      const type = fields.type ?? current.type;
      const other = normalizeOther(type, fields.other !== undefined ? fields.other : current.other);
      if (other === null) throw AppError.badRequest('channel.other_json_invalid');
      patch.other = other;
      checkRegions(type, other, fields.key?.trim() ? fields.key : this.decrypt(current.key));
    } else if (fields.key?.trim()) checkRegions(current.type, current.other, fields.key);
    for (const k of Object.keys(patch) as (keyof ChannelEntity)[]) if (patch[k] === undefined) delete patch[k];
    const next = { ...current, ...patch };
    await this.repo.transaction(async (tx) => {
      if (Object.keys(patch).length > 0) await this.repo.update(id, patch, tx);
      await this.writes.rebuild(tx, next);
    });
    await this.afterKeyOrStatusChange(current, next, patch.key !== undefined);
    await this.announce([id]);
    return toChannelView(next);
  }

  /**
   * A copy of a channel with the same upstream, key and routing, named `name` (default "<name>_copy"),
   * its counters reset. Nothing moves: the copy sends the same credential to the same place.
   */
  async copy(id: number, name?: string): Promise<ChannelView> {
    const { id: _id, ...source } = await this.find(id);
    const copy: Partial<ChannelEntity> = {
      ...source,
      name: name?.trim() || `${source.name}_copy`.slice(0, 128),
      created_time: nowSec(),
      test_time: 0,
      response_time: 0,
      balance: 0,
      balance_updated_time: 0,
      used_quota: 0,
      other_info: '',
    };
    const saved = await this.repo.transaction((tx) => this.writes.insertOne(tx, copy));
    await this.announce([saved.id]);
    return toChannelView(saved);
  }

  async remove(id: number): Promise<void> {
    await this.find(id);
    await this.repo.transaction(async (tx) => {
      await this.repo.deleteAbilities([id], tx);
      await this.repo.delete([id], tx);
    });
    await this.keyStates.prune(id);
    await this.announce([id]);
  }

  /** One channel, without its key (see revealKey). */
  async get(id: number): Promise<ChannelView> {
    return toChannelView(await this.find(id));
  }

  /** The stored key of a channel, for root's explicit "reveal"; each reveal is logged (without the key). */
  async revealKey(id: number, caller: Pick<AuthUser, 'id' | 'username'>): Promise<string> {
    const c = await this.find(id);
    this.logs.record({
      type: LogType.Manage,
      user_id: caller.id,
      username: caller.username,
      channel_id: id,
      content: `${caller.username} (#${caller.id}) revealed the key of channel #${id}`,
      other: JSON.stringify(
        logMessageFields(LogMessage.ChannelKeyRevealed, {
          admin: caller.username,
          admin_id: caller.id,
          channel_id: id,
        }),
      ),
    });
    return this.decrypt(c.key);
  }

  /**
   * Sets status 3 with {status_reason, status_time} when the channel is still enabled; true when this
   * call disabled it. The reason must not carry secrets (callers pass redacted upstream messages).
   */
  async autoDisable(id: number, reason: string): Promise<boolean> {
    const otherInfo = JSON.stringify({ status_reason: reason.slice(0, 512), status_time: nowSec() });
    const changed = await this.repo.transaction(async (tx) => {
      const patch = { status: ChannelStatus.AutoDisabled, other_info: otherInfo };
      if (!(await this.repo.updateIfStatus(id, ChannelStatus.Enabled, patch, tx))) return false;
      await this.repo.setAbilitiesEnabled(id, false, tx);
      return true;
    });
    if (changed) {
      this.logger.warn(`channel #${id} auto-disabled: ${reason.slice(0, 200)}`);
      this.logs.record({
        type: LogType.System,
        user_id: 0,
        channel_id: id,
        content: `channel #${id} auto-disabled: ${reason.slice(0, 512)}`,
      });
      await this.announce([id]);
    }
    return changed;
  }

  /** Status 3 → 1 after a passing test (AutomaticEnableChannelEnabled); true when this call enabled it. */
  async autoEnable(id: number): Promise<boolean> {
    const changed = await this.repo.transaction(async (tx) => {
      const patch = { status: ChannelStatus.Enabled, other_info: '' };
      if (!(await this.repo.updateIfStatus(id, ChannelStatus.AutoDisabled, patch, tx))) return false;
      await this.repo.setAbilitiesEnabled(id, true, tx);
      return true;
    });
    if (changed) {
      await this.keyStates.enable(id, undefined, [ChannelKeyStatus.AutoDisabled]);
      this.logs.record({
        type: LogType.System,
        user_id: 0,
        channel_id: id,
        content: `channel #${id} re-enabled after a passing test`,
      });
      await this.announce([id]);
    }
    return changed;
  }

  /** Stores the result of a test: its duration (ms) and when it ran. Routing is not affected. */
  async recordTest(id: number, responseMs: number): Promise<void> {
    await this.repo.update(id, { response_time: responseMs, test_time: nowSec() });
  }

  /** Stores a balance read from the upstream and when it was read. */
  async recordBalance(id: number, balance: number): Promise<void> {
    await this.repo.update(id, { balance, balance_updated_time: nowSec() });
  }

  /** Id and type of the selected channels (background runs over many channels). */
  refs(selector: ChannelSelector): Promise<Pick<ChannelEntity, 'id' | 'type'>[]> {
    return this.repo.findRefs(selector);
  }

  /** Rebuilds the routing rows of these channels from their stored state and announces them. */
  async refresh(ids: readonly number[]): Promise<void> {
    await this.writes.rebuildMany(ids);
    if (ids.length > 0) await this.announce(ids);
  }

  /** Channels removed elsewhere (batch delete): their routing rows go and caches are told. */
  async removeMany(ids: readonly number[]): Promise<number> {
    try {
      return await this.writes.removeMany(ids);
    } finally {
      // Also after a failure: the channels removed before it are gone.
      if (ids.length > 0) await this.announce(ids);
    }
  }

  /**
   * Every channel with the given columns, for the relay's in-memory directory: read off the event loop on
   * SQLite, since every node reads them all each SYNC_FREQUENCY.
   */
  readAll<K extends keyof ChannelEntity & string>(properties: readonly K[]): Promise<Pick<ChannelEntity, K>[]> {
    return this.repo.readAll(properties);
  }

  /** The decrypted upstream keys of a channel. */
  keysOf(c: Pick<ChannelEntity, 'type' | 'key'>): string[] {
    return splitChannelKeys(c.type, this.decrypt(c.key));
  }

  /** Models served by enabled channels in any of `groups` (for GET /api/user/models). */
  async modelsForGroups(groups: readonly string[]): Promise<string[]> {
    if (groups.length === 0) return [];
    return this.repo.abilityModels({ groups, enabledOnly: true });
  }

  /** Each model served by an enabled channel: the groups it is served in and the serving channels' types. */
  async servedModels(): Promise<Map<string, ModelServing>> {
    const out = new Map<string, ModelServing>();
    for (const r of await this.repo.enabledServings()) {
      const entry = out.get(r.model) ?? { groups: new Set<string>(), types: new Set<number>() };
      entry.groups.add(r.group);
      entry.types.add(r.type);
      out.set(r.model, entry);
    }
    return out;
  }

  /**
   * Key states follow the channel (docs/channel-types.md#multi-key-channels): a channel enabled again
   * enables its automatically disabled keys (an operator's disabled keys stay off); after a key edit the
   * states of keys no longer listed are dropped.
   */
  private async afterKeyOrStatusChange(before: ChannelEntity, after: ChannelEntity, keyEdited: boolean): Promise<void> {
    if (after.status === ChannelStatus.Enabled && before.status !== ChannelStatus.Enabled)
      await this.keyStates.enable(after.id, undefined, [ChannelKeyStatus.AutoDisabled]);
    if (keyEdited)
      await this.keyStates.prune(
        after.id,
        this.keysOf(after).map((k) => this.keyStates.fingerprint(k)),
      );
  }

  /** Publishes the committed state of these channels (null: gone) so that caches apply it at once. */
  private async announce(ids: readonly number[]): Promise<void> {
    for (let i = 0; i < ids.length; i += CHANNELS_PER_READ) {
      const part = ids.slice(i, i + CHANNELS_PER_READ);
      const stored = new Map((await this.repo.findByIds(part)).map((c) => [c.id, c]));
      for (const id of part) this.changes.next({ id, channel: stored.get(id) ?? null });
    }
  }

  /** The stored row of a channel (key encrypted; see keysOf); 404 when there is none. */
  async find(id: number): Promise<ChannelEntity> {
    const c = await this.repo.findById(id);
    if (!c) throw AppError.notFound('channel.not_found');
    return c;
  }

  private encrypt(key: string): string {
    return encryptSecret(this.config.cryptoSecret, key.trim());
  }

  private decrypt(stored: string | null): string {
    return stored ? decryptSecret(this.config.cryptoSecret, stored) : '';
  }
}

/** Refuses (400) regions that would not stay a host-name label (libs/shared checkChannelRegions). */
function checkRegions(type: number, other: string | null, key: string | undefined): void {
  const rule = checkChannelRegions(type, { other, key });
  if (rule) throw AppError.badRequest(rule as MessageKey);
}
