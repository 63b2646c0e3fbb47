import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import type { ApiEnvelope } from '@gw/shared';
import { ok } from '../../common/http/envelope';
import { ZodPipe } from '../../common/http/zod-pipe';
import { OptionService } from '../option/option.service';
import { Access } from '../auth/access.decorator';
import { ChannelBulkService } from './channel-bulk.service';
import { ChannelQueryService, type ChannelPage } from './channel-query.service';
import { batchTagSchema, channelListSchema, idsSchema, tagEditSchema, tagSchema, type ChannelListQuery, type TagEditDto } from './dto';

type Count = ApiEnvelope<number>;

/** Channel search, model lists and operations over many channels (docs/console-api.md, docs/channel-types.md). */
@Controller('api/channel')
@Access('admin')
export class ChannelBulkController {
  constructor(
    private readonly bulk: ChannelBulkService,
    private readonly query: ChannelQueryService,
    private readonly options: OptionService,
  ) {}

  @Get('search')
  async search(@Query(new ZodPipe(channelListSchema)) q: ChannelListQuery): Promise<ApiEnvelope<ChannelPage>> {
    return ok(await this.query.list(q));
  }

  @Get('models_enabled')
  async modelsEnabled(): Promise<ApiEnvelope<string[]>> {
    return ok(await this.query.enabledModels());
  }

  /** Every known model: the channels' models and the priced catalogue. */
  @Get('models')
  async models(): Promise<ApiEnvelope<Array<{ id: string }>>> {
    const s = this.options.settings;
    const names = new Set([...(await this.query.allModels()), ...Object.keys(s.ModelRatio ?? {}), ...Object.keys(s.ModelPrice ?? {})]);
    return ok([...names].sort().map((id) => ({ id })));
  }

  @Delete('disabled')
  async deleteDisabled(): Promise<Count> {
    return ok(await this.bulk.deleteDisabled());
  }

  @Post('batch')
  @HttpCode(200)
  async batchDelete(@Body(new ZodPipe(idsSchema)) dto: { ids: number[] }): Promise<Count> {
    return ok(await this.bulk.batchDelete(dto.ids));
  }

  @Post('fix')
  @HttpCode(200)
  async fix(): Promise<Count> {
    return ok(await this.bulk.fix());
  }

  @Put('tag')
  async editTag(@Body(new ZodPipe(tagEditSchema)) dto: TagEditDto): Promise<Count> {
    return ok(await this.bulk.editTag(dto));
  }

  @Post('tag/enabled')
  @HttpCode(200)
  async enableTag(@Body(new ZodPipe(tagSchema)) dto: { tag: string }): Promise<Count> {
    return ok(await this.bulk.setTagStatus(dto.tag, true));
  }

  @Post('tag/disabled')
  @HttpCode(200)
  async disableTag(@Body(new ZodPipe(tagSchema)) dto: { tag: string }): Promise<Count> {
    return ok(await this.bulk.setTagStatus(dto.tag, false));
  }

  @Post('batch/tag')
  @HttpCode(200)
  async batchTag(@Body(new ZodPipe(batchTagSchema)) dto: { ids: number[]; tag: string }): Promise<Count> {
    return ok(await this.bulk.batchTag(dto.ids, dto.tag));
  }
}

/** GET /api/models: channel type → model names, for the editor's "fill related models". */
@Controller('api/models')
@Access('admin')
export class TypeModelsController {
  constructor(private readonly query: ChannelQueryService) {}

  @Get()
  async byType(): Promise<ApiEnvelope<Record<string, string[]>>> {
    return ok(await this.query.modelsByType());
  }
}
