import { Injectable } from '@nestjs/common';
import { builtinModelsByType, DEFAULT_PAGE_SIZE, type ChannelTypeCounts, type Paged } from '@gw/shared';
import { groupUnits } from './channel-fields';
import { toChannelView, type ChannelView } from './channel-view';
import { ChannelRepository, type ChannelSearch } from './channel.repository';
import type { ChannelListQuery } from './dto';

/** A page of the channel list with new-api's `type_counts` beside the items (docs/newapi-compat.md). */
export type ChannelPage = Paged<ChannelView> & { type_counts: ChannelTypeCounts };

/**
 * Channel list and search (docs/channel-types.md#tags-and-batch-operations). In tag mode a page holds `page_size` units, a unit being a
 * tag (all its channels, adjacent) or an untagged channel; `total` counts units.
 */
@Injectable()
export class ChannelQueryService {
  constructor(private readonly repo: ChannelRepository) {}

  async list(q: ChannelListQuery): Promise<ChannelPage> {
    const search = searchOf(q);
    const [page, typeCounts] = await Promise.all([this.page(q, search), this.repo.typeCounts(search)]);
    return { ...page, type_counts: typeCounts };
  }

  private async page(q: ChannelListQuery, search: ChannelSearch): Promise<Paged<ChannelView>> {
    const pageSize = q.page_size ?? DEFAULT_PAGE_SIZE;
    if (!q.tag_mode) {
      const [rows, total] = await this.repo.searchPage(search, q.p * pageSize, pageSize);
      return { items: rows.map((c) => toChannelView(c)), total, page: q.p, page_size: pageSize };
    }
    const rows = await this.repo.searchAll(search);
    const units = groupUnits(rows);
    const page = units.slice(q.p * pageSize, (q.p + 1) * pageSize).flat();
    return { items: page.map((c) => toChannelView(c)), total: units.length, page: q.p, page_size: pageSize };
  }

  /** Distinct model names of enabled channels (GET /api/channel/models_enabled). */
  async enabledModels(): Promise<string[]> {
    return this.repo.abilityModels({ enabledOnly: true });
  }

  /** Distinct model names of every channel (GET /api/channel/models uses it with the catalogue). */
  async allModels(): Promise<string[]> {
    return this.repo.abilityModels({});
  }

  /** GET /api/models: every channel type → its built-in models plus those its channels are configured with. */
  async modelsByType(): Promise<Record<string, string[]>> {
    const rows = await this.repo.typesAndModels();
    const out: Record<string, Set<string>> = Object.fromEntries(Object.entries(builtinModelsByType()).map(([type, models]) => [type, new Set(models)]));
    for (const r of rows) {
      const set = (out[String(r.type)] ??= new Set());
      for (const m of (r.models ?? '').split(',')) if (m.trim()) set.add(m.trim());
    }
    return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, [...v].sort()]));
  }
}

function searchOf(q: ChannelListQuery): ChannelSearch {
  return { keyword: q.keyword, group: q.group, model: q.model, status: q.status, type: q.type, idSort: Boolean(q.id_sort) };
}
