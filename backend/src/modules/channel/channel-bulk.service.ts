import { Injectable } from '@nestjs/common';
import { ChannelStatus } from '@gw/shared';
import { AppError } from '../../common/http/app-error';
import type { ChannelEntity } from '../../database/entities';
import { splitList } from './channel-fields';
import { ChannelRepository, type ChannelSelector } from './channel.repository';
import { ChannelService } from './channel.service';
import type { TagEditDto } from './dto';

const isInt = (v: unknown) => /^-?\d+$/.test(String(v).trim());
const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === '';

/** Operations over many channels at once (docs/channel-types.md#tags-and-batch-operations). */
@Injectable()
export class ChannelBulkService {
  constructor(
    private readonly repo: ChannelRepository,
    private readonly channels: ChannelService,
  ) {}

  batchDelete(ids: number[]): Promise<number> {
    return this.channels.removeMany([...new Set(ids)]);
  }

  /** Deletes every channel with status 2 or 3; returns the count. */
  async deleteDisabled(): Promise<number> {
    const rows = await this.repo.findRefs({ statusNot: ChannelStatus.Enabled });
    return this.channels.removeMany(rows.map((r) => r.id));
  }

  /** Rebuilds the routing index from the channels (drops orphans); returns the number of channels fixed. */
  async fix(): Promise<number> {
    const ids = (await this.repo.findRefs({})).map((r) => r.id);
    const known = new Set(ids);
    const orphans = (await this.repo.abilityChannelIds()).filter((id) => !known.has(id));
    await this.repo.deleteAbilities(orphans);
    await this.channels.refresh(ids);
    return ids.length;
  }

  /** PUT /api/channel/tag: applies the non-empty fields to every channel with `tag`. */
  async editTag(dto: TagEditDto): Promise<number> {
    if (!blank(dto.priority) && !isInt(dto.priority)) throw AppError.badRequest('channel.tag_priority_int');
    if (!blank(dto.weight) && (!isInt(dto.weight) || Number(dto.weight) < 0)) throw AppError.badRequest('channel.tag_weight_int');
    if (!blank(dto.priority) && Number(dto.priority) < -999) throw AppError.badRequest('channel.tag_priority_int');
    const patch: Partial<ChannelEntity> = {};
    if (dto.new_tag !== undefined && dto.new_tag !== dto.tag) patch.tag = dto.new_tag;
    if (!blank(dto.model_mapping)) patch.model_mapping = dto.model_mapping!.trim();
    if (!blank(dto.models)) patch.models = splitList(dto.models).join(',');
    if (!blank(dto.groups)) patch.group = splitList(dto.groups).join(',') || 'default';
    if (!blank(dto.priority)) patch.priority = Number(dto.priority);
    if (!blank(dto.weight)) patch.weight = Number(dto.weight);
    if (Object.keys(patch).length === 0) throw AppError.badRequest('channel.no_changes');
    return this.updateWhere({ tag: dto.tag }, patch);
  }

  /** Enables (1) or disables (2) every channel carrying `tag`. */
  setTagStatus(tag: string, enabled: boolean): Promise<number> {
    return this.updateWhere({ tag }, { status: enabled ? ChannelStatus.Enabled : ChannelStatus.ManuallyDisabled });
  }

  /** Sets `tag` on the selected channels. */
  batchTag(ids: number[], tag: string): Promise<number> {
    return this.updateWhere({ ids: [...new Set(ids)] }, { tag });
  }

  private async updateWhere(selector: ChannelSelector, patch: Partial<ChannelEntity>): Promise<number> {
    const ids = (await this.repo.findRefs(selector)).map((r) => r.id);
    if (ids.length === 0) return 0;
    await this.repo.update(ids, patch);
    await this.channels.refresh(ids);
    return ids.length;
  }
}
