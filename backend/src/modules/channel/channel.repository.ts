import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, In, Not, type EntityManager, type FindOptionsWhere, type Repository, type SelectQueryBuilder } from 'typeorm';
import { likePattern } from '../../common/http/paging';
import { AbilityEntity, ChannelEntity } from '../../database/entities';
import { ROWS_PER_STATEMENT, insertRows } from '../../database/insert-rows';
import { SqliteReader } from '../../database/sqlite-reader';
import type { AbilityFields, AbilityRow } from './channel-fields';

/** A transaction opened by `ChannelRepository.transaction` (other modules' writes may join it). */
export type ChannelTx = EntityManager;

/** Which channels a bulk read or write means; absent fields do not filter. */
export interface ChannelSelector {
  ids?: readonly number[];
  tag?: string;
  statusIn?: readonly number[];
  statusNot?: number;
}

/** The filters of the channel list (GET /api/channel, /api/channel/search). */
export interface ChannelSearch {
  keyword?: string;
  group?: string;
  model?: string;
  status?: number;
  type?: number;
  /** By id descending; otherwise by priority, then id, descending. */
  idSort?: boolean;
}

/** The stored channel columns the list shows: all but `key`. */
const LISTED_COLUMNS = [
  'id', 'type', 'openai_organization', 'test_model', 'status', 'name', 'weight', 'created_time', 'test_time', 'response_time',
  'base_url', 'other', 'balance', 'balance_updated_time', 'models', 'group', 'used_quota', 'model_mapping', 'status_code_mapping',
  'priority', 'auto_ban', 'other_info', 'tag', 'setting', 'param_override', 'max_input_tokens', 'model_prefix', 'multi_key_mode',
] as const satisfies readonly (keyof ChannelEntity)[];

/** Rows per statement of an IN list or a multi-row insert. */
const CHUNK = 200;

/**
 * The only code that touches the `channels` table and its routing index `abilities`: plain data
 * access without rules (those live in ChannelService). Methods taking `tx` run inside that
 * transaction; without it, each is its own statement.
 */
@Injectable()
export class ChannelRepository {
  constructor(
    @InjectRepository(ChannelEntity) private readonly channels: Repository<ChannelEntity>,
    private readonly reader: SqliteReader,
  ) {}

  /**
   * On MySQL at READ COMMITTED: a channel's routing rows are deleted through the channel_id index, and at
   * REPEATABLE READ that also locks the gap after them, where concurrent writes of other channels insert
   * theirs (two channels created at once deadlocked).
   */
  transaction<T>(work: (tx: ChannelTx) => Promise<T>): Promise<T> {
    const manager = this.channels.manager;
    return manager.connection.options.type === 'mysql'
      ? manager.transaction('READ COMMITTED', work)
      : manager.transaction(work);
  }

  findById(id: number, tx?: ChannelTx): Promise<ChannelEntity | null> {
    return this.repo(tx).findOneBy({ id });
  }

  findByIds(ids: readonly number[], tx?: ChannelTx): Promise<ChannelEntity[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.repo(tx).findBy({ id: In([...ids]) });
  }

  /** Every channel, only the given columns, read by SqliteReader: off the event loop on SQLite. */
  readAll<K extends keyof ChannelEntity & string>(properties: readonly K[]): Promise<Pick<ChannelEntity, K>[]> {
    return this.reader.entities(this.channels.createQueryBuilder('c'), properties);
  }

  /** Id and type of the selected channels. */
  findRefs(selector: ChannelSelector): Promise<Pick<ChannelEntity, 'id' | 'type'>[]> {
    return this.channels.find({ select: { id: true, type: true }, where: whereOf(selector) });
  }

  /** Inserts a channel; returns it as stored (with its id). */
  insert(fields: Partial<ChannelEntity>, tx?: ChannelTx): Promise<ChannelEntity> {
    const repo = this.repo(tx);
    return repo.save(repo.create(fields));
  }

  /** Applies `patch` to the channels `ids` (in chunks when many). */
  async update(ids: number | readonly number[], patch: Partial<ChannelEntity>, tx?: ChannelTx): Promise<void> {
    const list = typeof ids === 'number' ? [ids] : ids;
    for (let i = 0; i < list.length; i += CHUNK) await this.repo(tx).update({ id: In(list.slice(i, i + CHUNK)) }, patch);
  }

  /** Applies `patch` only while the channel's status is `from`; true when the row changed. */
  async updateIfStatus(id: number, from: number, patch: Partial<ChannelEntity>, tx?: ChannelTx): Promise<boolean> {
    const res = await (tx ?? this.channels.manager)
      .createQueryBuilder()
      .update(ChannelEntity)
      .set(patch)
      .where('id = :id AND status = :from', { id, from })
      .execute();
    return Boolean(res.affected);
  }

  /** Deletes channels; returns how many rows went. Their routing rows are not touched (deleteAbilities). */
  async delete(ids: readonly number[], tx?: ChannelTx): Promise<number> {
    let removed = 0;
    for (let i = 0; i < ids.length; i += CHUNK) removed += (await this.repo(tx).delete({ id: In(ids.slice(i, i + CHUNK)) })).affected ?? 0;
    return removed;
  }

  /** One page of the list in the given order, with the count of all matches (no `key`). */
  searchPage(search: ChannelSearch, skip: number, take: number): Promise<[ChannelEntity[], number]> {
    return this.searchQuery(search).skip(skip).take(take).getManyAndCount();
  }

  /** Every match of the list, in its order (no `key`). */
  searchAll(search: ChannelSearch): Promise<ChannelEntity[]> {
    return this.searchQuery(search).getMany();
  }

  /** How many channels of each type match (the search's type filter and order do not apply). */
  async typeCounts(search: ChannelSearch): Promise<Record<string, number>> {
    const rows = await this.searchQuery({ ...search, type: undefined })
      .select('c.type', 'type')
      .addSelect('COUNT(*)', 'count')
      .groupBy('c.type')
      .orderBy()
      .getRawMany<{ type: number | string; count: number | string }>();
    return Object.fromEntries(rows.map((r) => [String(r.type), Number(r.count)]));
  }

  /** Type and model list of every channel. */
  typesAndModels(): Promise<Pick<ChannelEntity, 'type' | 'models'>[]> {
    return this.channels.createQueryBuilder('c').select(['c.type', 'c.models']).getMany();
  }

  /**
   * Routing rows of these channels go, one statement per channel (found by its index): one statement
   * over many channels' rows would hold SQLite, and with it the event loop, for as long as it runs.
   */
  async deleteAbilities(channelIds: readonly number[], tx?: ChannelTx): Promise<void> {
    for (const id of channelIds) await this.abilities(tx).delete({ channel_id: id });
  }

  /** The stored routing rows of one channel (found by its index). */
  abilitiesOf(channelId: number, tx?: ChannelTx): Promise<AbilityRow[]> {
    return this.abilities(tx).findBy({ channel_id: channelId });
  }

  /** Deletes these routing rows by their key, up to 100 per statement. */
  async deleteAbilityRows(rows: readonly AbilityRow[], tx?: ChannelTx): Promise<void> {
    for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
      const keys = rows
        .slice(i, i + ROWS_PER_STATEMENT)
        .map(({ group, model, channel_id }) => ({ group, model, channel_id }));
      await this.abilities(tx).delete(keys);
    }
  }

  /** Sets the fields every routing row of the channel shares. */
  async setAbilityFields(channelId: number, fields: AbilityFields, tx?: ChannelTx): Promise<void> {
    await this.abilities(tx).update({ channel_id: channelId }, fields);
  }

  /** In statements of up to 100 rows (insertRows); pass `tx` to make them one change. */
  insertAbilities(rows: readonly AbilityRow[], tx?: ChannelTx): Promise<void> {
    return insertRows(tx ?? this.channels.manager, AbilityEntity, rows);
  }

  async setAbilitiesEnabled(channelId: number, enabled: boolean, tx?: ChannelTx): Promise<void> {
    await this.abilities(tx).update({ channel_id: channelId }, { enabled });
  }

  /*
   * The reads over the whole routing index below go through SqliteReader (off the event loop on
   * SQLite): with thousands of channels of many models the index holds 100,000s of rows, ~20 ms to read.
   */

  /** Channel ids that have routing rows. */
  async abilityChannelIds(): Promise<number[]> {
    const qb = this.abilities().createQueryBuilder('a').select('DISTINCT a.channel_id', 'id');
    const rows = await this.reader.rawRows<{ id: number | string }>(qb);
    return rows.map((r) => Number(r.id));
  }

  /** Distinct model names of the routing index, sorted; only enabled rows / only these groups when asked. */
  async abilityModels(filter: { enabledOnly?: boolean; groups?: readonly string[] }): Promise<string[]> {
    const qb = this.abilities().createQueryBuilder('a').select('DISTINCT a.model', 'model').orderBy('a.model');
    if (filter.groups) qb.andWhere({ group: In([...filter.groups]) });
    if (filter.enabledOnly) qb.andWhere('a.enabled = :on', { on: true });
    return (await this.reader.rawRows<{ model: string }>(qb)).map((r) => r.model);
  }

  /** Distinct (model, group, channel type) of the enabled routing rows. */
  async enabledServings(): Promise<{ model: string; group: string; type: number }[]> {
    const qb = this.abilities()
      .createQueryBuilder('a')
      .innerJoin(ChannelEntity, 'c', 'c.id = a.channel_id')
      .select('a.model', 'model')
      .addSelect('a.group', 'group')
      .addSelect('c.type', 'type')
      .distinct(true)
      .where('a.enabled = :on', { on: true });
    const rows = await this.reader.rawRows<{ model: string; group: string; type: number | string }>(qb);
    return rows.map((r) => ({ model: r.model, group: r.group, type: Number(r.type) }));
  }

  private repo(tx?: ChannelTx): Repository<ChannelEntity> {
    return tx ? tx.getRepository(ChannelEntity) : this.channels;
  }

  private abilities(tx?: ChannelTx): Repository<AbilityEntity> {
    return (tx ?? this.channels.manager).getRepository(AbilityEntity);
  }

  private searchQuery(s: ChannelSearch): SelectQueryBuilder<ChannelEntity> {
    const qb = this.channels.createQueryBuilder('c').select(LISTED_COLUMNS.map((c) => `c.${c}`));
    if (s.keyword) {
      const like = likePattern(s.keyword);
      qb.andWhere(
        new Brackets((w) => {
          w.where("c.name LIKE :like ESCAPE '!'", { like })
            .orWhere("c.tag LIKE :like ESCAPE '!'", { like })
            .orWhere("c.base_url LIKE :like ESCAPE '!'", { like });
          if (/^\d{1,9}$/.test(s.keyword!)) w.orWhere('c.id = :kid', { kid: Number(s.keyword) });
        }),
      );
    }
    if (s.group) {
      const g = escapeLike(s.group);
      qb.andWhere(
        new Brackets((w) => {
          w.where('c.group = :g', { g: s.group })
            .orWhere("c.group LIKE :gs ESCAPE '!'", { gs: `${g},%` })
            .orWhere("c.group LIKE :ge ESCAPE '!'", { ge: `%,${g}` })
            .orWhere("c.group LIKE :gm ESCAPE '!'", { gm: `%,${g},%` });
        }),
      );
    }
    if (s.model) qb.andWhere("c.models LIKE :model ESCAPE '!'", { model: likePattern(s.model) });
    if (s.status) qb.andWhere('c.status = :status', { status: s.status });
    if (s.type !== undefined) qb.andWhere('c.type = :type', { type: s.type });
    if (s.idSort) qb.orderBy('c.id', 'DESC');
    else qb.orderBy('c.priority', 'DESC').addOrderBy('c.id', 'DESC');
    return qb;
  }
}

const escapeLike = (s: string) => s.replace(/[!%_]/g, (c) => `!${c}`);

function whereOf(s: ChannelSelector): FindOptionsWhere<ChannelEntity> {
  const where: FindOptionsWhere<ChannelEntity> = {};
  if (s.ids) where.id = In([...s.ids]);
  if (s.tag !== undefined) where.tag = s.tag;
  if (s.statusIn) where.status = In([...s.statusIn]);
  else if (s.statusNot !== undefined) where.status = Not(s.statusNot);
  return where;
}
