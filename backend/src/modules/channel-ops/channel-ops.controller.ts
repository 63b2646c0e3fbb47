import { Body, Controller, Get, Headers, HttpCode, Param, ParseIntPipe, Post, Query } from '@nestjs/common';
import type { ApiEnvelope } from '@gw/shared';
import { ok } from '../../common/http/envelope';
import { AppError } from '../../common/http/app-error';
import { pickLocale } from '../../common/i18n/i18n';
import { ZodPipe } from '../../common/http/zod-pipe';
import { Access } from '../auth/access.decorator';
import { type FetchModelsDto, fetchModelsSchema } from '../channel/dto';
import { ChannelTestService } from './channel-test.service';
import { ChannelUpstreamInfoService } from './channel-upstream-info.service';

/** Channel operations that call the upstream: tests, balances, model lists (docs/channel-types.md). */
@Controller('api/channel')
@Access('admin')
export class ChannelOpsController {
  constructor(
    private readonly tests: ChannelTestService,
    private readonly info: ChannelUpstreamInfoService,
  ) {}

  /** Tests every enabled (and auto-disabled) channel in the background; answers at once. */
  @Get('test')
  testAll(): ApiEnvelope {
    if (!this.tests.startTestAll()) throw AppError.badRequest('channel.background_running');
    return ok();
  }

  /** success, message and time (seconds) at the top level and in data; HTTP 200 either way. */
  @Get('test/:id')
  async test(@Param('id', ParseIntPipe) id: number, @Query('model') model?: string, @Headers('accept-language') lang?: string) {
    const r = await this.tests.test(id, typeof model === 'string' ? model.slice(0, 128) : undefined, pickLocale(lang));
    return { success: r.success, message: r.message, time: r.time, data: { time: r.time } };
  }

  @Get('update_balance')
  updateAll(): ApiEnvelope {
    if (!this.info.startUpdateAll()) throw AppError.badRequest('channel.background_running');
    return ok();
  }

  @Get('update_balance/:id')
  async updateBalance(@Param('id', ParseIntPipe) id: number) {
    const balance = await this.info.updateBalance(id);
    return { success: true, message: '', balance, data: { balance } };
  }

  /**
   * Models for a channel not saved yet: base URL and key from the body, so the caller picks where a
   * request goes. Root only, like changing a channel's base URL; admins save first and use the route below.
   */
  @Post('fetch_models')
  @Access('root')
  @HttpCode(200)
  async fetchModels(@Body(new ZodPipe(fetchModelsSchema)) dto: FetchModelsDto): Promise<ApiEnvelope<string[]>> {
    return ok(await this.info.fetchModels(dto));
  }

  /** Models of a saved channel: its stored base URL and key, which only root sets. */
  @Get('fetch_models/:id')
  async fetchModelsOf(@Param('id', ParseIntPipe) id: number): Promise<ApiEnvelope<string[]>> {
    return ok(await this.info.modelsOf(id));
  }
}
