import { Injectable } from '@nestjs/common';
import {
  builtinModelsByType,
  ChannelKeyStatus,
  DEFAULT_PAGE_SIZE,
  type ChannelHealth,
  type ChannelTypeCounts,
  type Paged,
} from '@gw/shared';
import type { ChannelEntity } from '../../database/entities';
import { OptionService } from '../option/option.service';
import { groupUnits } from './channel-fields';
import { ChannelKeyStore } from './channel-key-store';
import { toChannelView, type ChannelView } from './channel-view';
import { ChannelRepository, type ChannelSearch } from './channel.repository';
import { ChannelService } from './channel.service';
import type { ChannelListQuery } from './dto';
import { ChannelBreakers } from './health/channel-breakers.service';

/** A channel of the list: with this node's health (docs/relay.md#health-based-routing), null while that is off. */
export type ChannelListItem = ChannelView & { health: ChannelHealth | null };

/** A page of the channel list with new-api's `type_counts` beside the items (docs/newapi-compat.md). */
export type ChannelPage = Paged<ChannelListItem> & { type_counts: ChannelTypeCounts };

/**
 * Channel list and search (docs/channel-types.md#tags-and-batch-operations). In tag mode a page holds `page_size` units, a unit being a
 * tag (all its channels, adjacent) or an untagged channel; `total` counts units.
 */
@Injectable()
export class ChannelQueryService {
  constructor(
    private readonly repo: ChannelRepository,
    private readonly channels: ChannelService,
    private readonly keyStates: ChannelKeyStore,
    private readonly breakers: ChannelBreakers,
    private readonly options: OptionService,
  ) {}

  async list(q: ChannelListQuery): Promise<ChannelPage> {
    const search = searchOf(q);
    const [page, typeCounts] = await Promise.all([this.page(q, search), this.repo.typeCounts(search)]);
    return { ...page, type_counts: typeCounts };
  }

  private async page(q: ChannelListQuery, search: ChannelSearch): Promise<Paged<ChannelListItem>> {
    const pageSize = q.page_size ?? DEFAULT_PAGE_SIZE;
    if (!q.tag_mode) {
      const [rows, total] = await this.repo.searchPage(search, q.p * pageSize, pageSize);
      return { items: await this.items(rows), total, page: q.p, page_size: pageSize };
    }
    const rows = await this.repo.searchAll(search);
    const units = groupUnits(rows);
    const page = units.slice(q.p * pageSize, (q.p + 1) * pageSize).flat();
    return { items: await this.items(page), total: units.length, page: q.p, page_size: pageSize };
  }

  private items(rows: ChannelEntity[]): Promise<ChannelListItem[]> {
    return Promise.all(rows.map(async (c) => ({ ...toChannelView(c), health: await this.health(c.id) })));
  }

  /**
   * This node's breakers of the channel. A channel with breakers per key has its keys read (the
   * list's rows do not carry them) to name each key by its position.
   */
  private async health(id: number): Promise<ChannelHealth | null> {
    const policy = this.breakers.policy(this.options.settings);
    if (!policy) return null;
    if (!this.breakers.hasKeyBreakers(id)) return this.breakers.view(id, policy);
    let prints: string[] = [];
    try {
      prints = this.channels.keysOf(await this.channels.find(id)).map((k) => this.keyStates.fingerprint(k));
    } catch {
      /* deleted meanwhile, or a key that cannot be decrypted (the channel is not routed either) */
    }
    const enabled = (i: number) => this.keyStates.stateOf(id, prints[i]).status === ChannelKeyStatus.Enabled;
    return this.breakers.view(id, policy, prints, enabled);
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
    const out: Record<string, Set<string>> = Object.fromEntries(
      Object.entries(builtinModelsByType()).map(([type, models]) => [type, new Set(models)]),
    );
    for (const r of rows) {
      const set = (out[String(r.type)] ??= new Set());
      for (const m of (r.models ?? '').split(',')) if (m.trim()) set.add(m.trim());
    }
    return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, [...v].sort()]));
  }
}

function searchOf(q: ChannelListQuery): ChannelSearch {
  return {
    keyword: q.keyword,
    group: q.group,
    model: q.model,
    status: q.status,
    type: q.type,
    idSort: Boolean(q.id_sort),
  };
}
