import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DEFAULT_PAGE_SIZE, type Paged } from '@gw/shared';
import { Brackets, type Repository, type SelectQueryBuilder } from 'typeorm';
import { likePattern } from '../../common/http/paging';
import { AbilityEntity, ChannelEntity } from '../../database/entities';
import { groupUnits } from './channel-fields';
import { toChannelView, type ChannelView } from './channel-view';
import type { ChannelListQuery } from './dto';

/**
 * Channel list and search (docs/channel-types.md#tags-and-batch-operations). In tag mode a page holds `page_size` units, a unit being a
 * tag (all its channels, adjacent) or an untagged channel; `total` counts units.
 */
@Injectable()
export class ChannelQueryService {
  constructor(@InjectRepository(ChannelEntity) private readonly repo: Repository<ChannelEntity>) {}

  async list(q: ChannelListQuery): Promise<Paged<ChannelView>> {
    const pageSize = q.page_size ?? DEFAULT_PAGE_SIZE;
    const qb = this.filtered(q);
    if (!q.tag_mode) {
      const [rows, total] = await qb.skip(q.p * pageSize).take(pageSize).getManyAndCount();
      return { items: rows.map((c) => toChannelView(c)), total, page: q.p, page_size: pageSize };
    }
    const rows = await qb.getMany();
    const units = groupUnits(rows);
    const page = units.slice(q.p * pageSize, (q.p + 1) * pageSize).flat();
    return { items: page.map((c) => toChannelView(c)), total: units.length, page: q.p, page_size: pageSize };
  }

  /** Distinct model names of enabled channels (GET /api/channel/models_enabled). */
  async enabledModels(): Promise<string[]> {
    return this.distinctModels(true);
  }

  /** Distinct model names of every channel (GET /api/channel/models uses it with the catalogue). */
  async allModels(): Promise<string[]> {
    return this.distinctModels(false);
  }

  /** Model names per channel type, from the configured channels (GET /api/models). */
  async modelsByType(): Promise<Record<string, string[]>> {
    const rows = await this.repo.createQueryBuilder('c').select(['c.type', 'c.models']).getMany();
    const out: Record<string, Set<string>> = {};
    for (const r of rows) {
      const set = (out[String(r.type)] ??= new Set());
      for (const m of (r.models ?? '').split(',')) if (m.trim()) set.add(m.trim());
    }
    return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, [...v].sort()]));
  }

  private async distinctModels(enabledOnly: boolean): Promise<string[]> {
    const qb = this.repo.manager.getRepository(AbilityEntity).createQueryBuilder('a').select('DISTINCT a.model', 'model').orderBy('a.model');
    if (enabledOnly) qb.where('a.enabled = :on', { on: true });
    return (await qb.getRawMany<{ model: string }>()).map((r) => r.model);
  }

  private filtered(q: ChannelListQuery): SelectQueryBuilder<ChannelEntity> {
    const qb = this.repo.createQueryBuilder('c').select(selectColumns());
    if (q.keyword) {
      const like = likePattern(q.keyword);
      qb.andWhere(
        new Brackets((w) => {
          w.where("c.name LIKE :like ESCAPE '!'", { like })
            .orWhere("c.tag LIKE :like ESCAPE '!'", { like })
            .orWhere("c.base_url LIKE :like ESCAPE '!'", { like });
          if (/^\d{1,9}$/.test(q.keyword!)) w.orWhere('c.id = :kid', { kid: Number(q.keyword) });
        }),
      );
    }
    if (q.group) {
      qb.andWhere(
        new Brackets((w) => {
          w.where('c.group = :g', { g: q.group })
            .orWhere("c.group LIKE :gs ESCAPE '!'", { gs: `${escapeLike(q.group!)},%` })
            .orWhere("c.group LIKE :ge ESCAPE '!'", { ge: `%,${escapeLike(q.group!)}` })
            .orWhere("c.group LIKE :gm ESCAPE '!'", { gm: `%,${escapeLike(q.group!)},%` });
        }),
      );
    }
    if (q.model) qb.andWhere("c.models LIKE :model ESCAPE '!'", { model: likePattern(q.model) });
    if (q.status) qb.andWhere('c.status = :status', { status: q.status });
    if (q.id_sort) qb.orderBy('c.id', 'DESC');
    else qb.orderBy('c.priority', 'DESC').addOrderBy('c.id', 'DESC');
    return qb;
  }
}

const escapeLike = (s: string) => s.replace(/[!%_]/g, (c) => `!${c}`);

/** Every stored column except `key`. */
function selectColumns(): string[] {
  return CHANNEL_COLUMNS.map((c) => `c.${c}`);
}

const CHANNEL_COLUMNS = [
  'id', 'type', 'openai_organization', 'test_model', 'status', 'name', 'weight', 'created_time', 'test_time', 'response_time',
  'base_url', 'other', 'balance', 'balance_updated_time', 'models', 'group', 'used_quota', 'model_mapping', 'status_code_mapping',
  'priority', 'auto_ban', 'other_info', 'tag', 'setting', 'param_override', 'max_input_tokens', 'model_prefix',
];
