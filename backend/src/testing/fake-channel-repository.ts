import { ChannelEntity } from '../database/entities';
import type { AbilityFields, AbilityRow } from '../modules/channel/channel-fields';
import type { ChannelRepository, ChannelSelector, ChannelTx } from '../modules/channel/channel.repository';
import { entityDefaults } from './entity-defaults';
import { FAKE_TX, notImplemented, strictFake, uniqueViolation } from './strict-fake';

type ChannelRepositoryContract = Pick<ChannelRepository, keyof ChannelRepository>;

/**
 * In-memory `channels` and `abilities` behind ChannelRepository's interface: channels in a Map with
 * entity defaults on insert, abilities with their (group, model, channel_id) key enforced, and a
 * transaction that rolls both back when its work throws. Wrap with `fakeChannelRepository()`.
 */
export class FakeChannelRepository implements ChannelRepositoryContract {
  readonly rows = new Map<number, ChannelEntity>();
  abilities: AbilityRow[] = [];
  private nextId = 1;

  async transaction<T>(work: (tx: ChannelTx) => Promise<T>): Promise<T> {
    const saved = { rows: structuredClone([...this.rows]), abilities: structuredClone(this.abilities), nextId: this.nextId };
    try {
      return await work(FAKE_TX);
    } catch (err) {
      this.rows.clear();
      for (const [id, row] of saved.rows) this.rows.set(id, row);
      this.abilities = saved.abilities;
      this.nextId = saved.nextId;
      throw err;
    }
  }

  async findById(id: number): Promise<ChannelEntity | null> {
    const row = this.rows.get(id);
    return row ? structuredClone(row) : null;
  }

  async findByIds(ids: readonly number[]): Promise<ChannelEntity[]> {
    return this.all().filter((c) => ids.includes(c.id));
  }

  async readAll<K extends keyof ChannelEntity & string>(properties: readonly K[]): Promise<Pick<ChannelEntity, K>[]> {
    return this.all().map((c) => Object.fromEntries(properties.map((p) => [p, c[p]])) as Pick<ChannelEntity, K>);
  }

  async findRefs(s: ChannelSelector): Promise<Pick<ChannelEntity, 'id' | 'type'>[]> {
    return this.all()
      .filter(
        (c) =>
          (!s.ids || s.ids.includes(c.id)) &&
          (s.tag === undefined || c.tag === s.tag) &&
          (s.statusIn ? s.statusIn.includes(c.status) : s.statusNot === undefined || c.status !== s.statusNot),
      )
      .map(({ id, type }) => ({ id, type }));
  }

  async insert(fields: Partial<ChannelEntity>): Promise<ChannelEntity> {
    const row = { ...entityDefaults(ChannelEntity), ...fields, id: fields.id ?? this.nextId } as ChannelEntity;
    if (this.rows.has(row.id)) throw uniqueViolation('channels.id');
    this.nextId = Math.max(this.nextId, row.id) + 1;
    this.rows.set(row.id, row);
    return structuredClone(row);
  }

  async update(ids: number | readonly number[], patch: Partial<ChannelEntity>): Promise<void> {
    for (const id of typeof ids === 'number' ? [ids] : ids) {
      const row = this.rows.get(id);
      if (row) this.rows.set(id, { ...row, ...patch });
    }
  }

  async updateIfStatus(id: number, from: number, patch: Partial<ChannelEntity>): Promise<boolean> {
    const row = this.rows.get(id);
    if (!row || row.status !== from) return false;
    this.rows.set(id, { ...row, ...patch });
    return true;
  }

  async delete(ids: readonly number[]): Promise<number> {
    let removed = 0;
    for (const id of ids) if (this.rows.delete(id)) removed++;
    return removed;
  }

  async searchPage(): Promise<[ChannelEntity[], number]> {
    return notImplemented('ChannelRepository.searchPage');
  }

  async searchAll(): Promise<ChannelEntity[]> {
    return notImplemented('ChannelRepository.searchAll');
  }

  async typeCounts(): Promise<Record<string, number>> {
    return notImplemented('ChannelRepository.typeCounts');
  }

  async typesAndModels(): Promise<Pick<ChannelEntity, 'type' | 'models'>[]> {
    return this.all().map(({ type, models }) => ({ type, models }));
  }

  async deleteAbilities(channelIds: readonly number[]): Promise<void> {
    this.abilities = this.abilities.filter((a) => !channelIds.includes(a.channel_id));
  }

  async insertAbilities(rows: readonly AbilityRow[]): Promise<void> {
    for (const r of rows) {
      if (this.abilities.some((a) => sameAbilityKey(a, r))) throw uniqueViolation('abilities.PRIMARY');
      this.abilities.push({ ...r });
    }
  }

  async abilitiesOf(channelId: number): Promise<AbilityRow[]> {
    return this.abilities.filter((a) => a.channel_id === channelId).map((a) => ({ ...a }));
  }

  async deleteAbilityRows(rows: readonly AbilityRow[]): Promise<void> {
    this.abilities = this.abilities.filter((a) => !rows.some((r) => sameAbilityKey(a, r)));
  }

  async setAbilityFields(channelId: number, fields: AbilityFields): Promise<void> {
    for (const a of this.abilities) if (a.channel_id === channelId) Object.assign(a, fields);
  }

  async setAbilitiesEnabled(channelId: number, enabled: boolean): Promise<void> {
    for (const a of this.abilities) if (a.channel_id === channelId) a.enabled = enabled;
  }

  async abilityChannelIds(): Promise<number[]> {
    return [...new Set(this.abilities.map((a) => a.channel_id))];
  }

  async abilityModels(filter: { enabledOnly?: boolean; groups?: readonly string[] }): Promise<string[]> {
    const rows = this.abilities.filter((a) => (!filter.enabledOnly || a.enabled) && (!filter.groups || filter.groups.includes(a.group)));
    return [...new Set(rows.map((a) => a.model))].sort();
  }

  async enabledServings(): Promise<{ model: string; group: string; type: number }[]> {
    const seen = new Map<string, { model: string; group: string; type: number }>();
    for (const a of this.abilities) {
      const type = this.rows.get(a.channel_id)?.type;
      if (!a.enabled || type === undefined) continue;
      seen.set(`${a.model}\u0000${a.group}\u0000${type}`, { model: a.model, group: a.group, type });
    }
    return [...seen.values()];
  }

  private all(): ChannelEntity[] {
    return [...this.rows.values()].map((c) => structuredClone(c));
  }
}

/** A strict FakeChannelRepository, typed as the real repository for the service under test. */
export function fakeChannelRepository(): { fake: FakeChannelRepository; repo: ChannelRepository } {
  const fake = new FakeChannelRepository();
  return { fake, repo: strictFake('ChannelRepository', fake) as unknown as ChannelRepository };
}

/** The primary key of `abilities`: (group, model, channel_id). */
function sameAbilityKey(a: AbilityRow, b: AbilityRow): boolean {
  return a.group === b.group && a.model === b.model && a.channel_id === b.channel_id;
}
