import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ChannelStatus } from '@gw/shared';
import { In, Not, type FindOptionsWhere, type Repository } from 'typeorm';
import { AppError } from '../../common/http/app-error';
import { AbilityEntity, ChannelEntity } from '../../database/entities';
import { splitList } from './channel-fields';
import { ChannelService } from './channel.service';
import type { TagEditDto } from './dto';

const isInt = (v: unknown) => /^-?\d+$/.test(String(v).trim());
const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === '';

/** Operations over many channels at once (docs/channel-types.md#tags-and-batch-operations). */
@Injectable()
export class ChannelBulkService {
  constructor(
    @InjectRepository(ChannelEntity) private readonly repo: Repository<ChannelEntity>,
    private readonly channels: ChannelService,
  ) {}

  batchDelete(ids: number[]): Promise<number> {
    return this.channels.removeMany([...new Set(ids)]);
  }

  /** Deletes every channel with status 2 or 3; returns the count. */
  async deleteDisabled(): Promise<number> {
    const rows = await this.repo.find({ select: { id: true }, where: { status: Not(ChannelStatus.Enabled) } });
    return this.channels.removeMany(rows.map((r) => r.id));
  }

  /** Rebuilds the routing index from the channels (drops orphans); returns the number of channels fixed. */
  async fix(): Promise<number> {
    const ids = (await this.repo.find({ select: { id: true } })).map((r) => r.id);
    const abilities = this.repo.manager.getRepository(AbilityEntity);
    const known = new Set(ids);
    const referenced = await abilities.createQueryBuilder('a').select('DISTINCT a.channel_id', 'id').getRawMany<{ id: number }>();
    const orphans = referenced.map((r) => Number(r.id)).filter((id) => !known.has(id));
    for (let i = 0; i < orphans.length; i += 500) await abilities.delete({ channel_id: In(orphans.slice(i, i + 500)) });
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
    return this.updateWhere({ id: In([...new Set(ids)]) }, { tag });
  }

  private async updateWhere(where: FindOptionsWhere<ChannelEntity>, patch: Partial<ChannelEntity>): Promise<number> {
    const ids = (await this.repo.find({ select: { id: true }, where })).map((r) => r.id);
    if (ids.length === 0) return 0;
    for (let i = 0; i < ids.length; i += 500) await this.repo.update({ id: In(ids.slice(i, i + 500)) }, patch);
    await this.channels.refresh(ids);
    return ids.length;
  }
}
