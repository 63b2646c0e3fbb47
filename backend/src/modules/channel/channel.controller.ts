import { Body, Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Post, Put, Query } from '@nestjs/common';
import { Role, type ApiEnvelope } from '@gw/shared';
import { ok } from '../../common/http/envelope';
import { ZodPipe } from '../../common/http/zod-pipe';
import { Access } from '../auth/access.decorator';
import { CurrentUser, type AuthUser } from '../auth/auth-user';
import { ChannelService } from './channel.service';
import type { ChannelView } from './channel-view';
import { ChannelQueryService, type ChannelPage } from './channel-query.service';
import {
  channelListSchema,
  copyChannelSchema,
  createChannelSchema,
  updateChannelSchema,
  type ChannelListQuery,
  type CopyChannelDto,
  type CreateChannelDto,
  type UpdateChannelDto,
} from './dto';

/**
 * Channel administration (docs/console-api.md, docs/channel-types.md). No answer carries a stored key; root reads one through
 * the reveal route. Only root changes what decides where a key goes (docs/security/channel-credentials.md).
 */
@Controller('api/channel')
@Access('admin')
export class ChannelController {
  constructor(
    private readonly channels: ChannelService,
    private readonly query: ChannelQueryService,
  ) {}

  /** p, page_size, id_sort, tag_mode. */
  @Get()
  async list(@Query(new ZodPipe(channelListSchema)) q: ChannelListQuery): Promise<ApiEnvelope<ChannelPage>> {
    return ok(await this.query.list(q));
  }

  @Get(':id')
  async get(@Param('id', ParseIntPipe) id: number): Promise<ApiEnvelope<ChannelView>> {
    return ok(await this.channels.get(id));
  }

  /** The stored key, for the editor's explicit "reveal" (POST: it is logged, and never cached). */
  @Post(':id/key')
  @Access('root')
  @HttpCode(200)
  async revealKey(@CurrentUser() caller: AuthUser, @Param('id', ParseIntPipe) id: number): Promise<ApiEnvelope<{ key: string }>> {
    return ok({ key: await this.channels.revealKey(id, caller) });
  }

  @Post()
  @HttpCode(200)
  async create(@Body(new ZodPipe(createChannelSchema)) dto: CreateChannelDto): Promise<ApiEnvelope<ChannelView | ChannelView[]>> {
    return ok(await this.channels.create(dto));
  }

  /** A copy with the same upstream and key (the console's "copy": it never sees the key). */
  @Post('copy/:id')
  @HttpCode(200)
  async copy(@Param('id', ParseIntPipe) id: number, @Body(new ZodPipe(copyChannelSchema)) dto: CopyChannelDto): Promise<ApiEnvelope<ChannelView>> {
    return ok(await this.channels.copy(id, dto.name));
  }

  @Put()
  async update(@CurrentUser() caller: AuthUser, @Body(new ZodPipe(updateChannelSchema)) dto: UpdateChannelDto): Promise<ApiEnvelope<ChannelView>> {
    return ok(await this.channels.update(dto, caller.role >= Role.Root));
  }

  @Delete(':id')
  async remove(@Param('id', ParseIntPipe) id: number): Promise<ApiEnvelope> {
    await this.channels.remove(id);
    return ok();
  }
}

/** GET /api/user/models: model names the caller's group may use. */
@Controller('api/user')
@Access('user')
export class UserModelsController {
  constructor(private readonly channels: ChannelService) {}

  @Get('models')
  async models(@CurrentUser() caller: AuthUser): Promise<ApiEnvelope<string[]>> {
    return ok(await this.channels.modelsForGroups([caller.group]));
  }
}
