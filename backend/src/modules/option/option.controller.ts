import { Body, Controller, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import {
  DEFAULT_CACHE_RATIO,
  DEFAULT_MODEL_PRICE,
  DEFAULT_MODEL_RATIO,
  optionUpdateSchema,
  prefillGroupQuerySchema,
  type ApiEnvelope,
  type OptionItem,
  type PrefillGroup,
  type PrefillGroupQuery,
} from '@gw/shared';
import type { z } from 'zod';
import { ok } from '../../common/http/envelope';
import { ZodPipe } from '../../common/http/zod-pipe';
import { Access } from '../auth/access.decorator';
import { OptionService } from './option.service';
import { PrefillGroupService } from './prefill-group.service';

@Controller('api/option')
@Access('root')
export class OptionController {
  constructor(private readonly options: OptionService) {}

  @Get()
  list(): ApiEnvelope<OptionItem[]> {
    return ok(this.options.listPublic());
  }

  @Put()
  async update(@Body(new ZodPipe(optionUpdateSchema)) body: z.infer<typeof optionUpdateSchema>): Promise<ApiEnvelope> {
    await this.options.update(body.key, body.value);
    return ok();
  }

  /** Resets the pricing maps to the built-in table. */
  @Post('rest_model_ratio')
  @HttpCode(200)
  async resetModelRatio(): Promise<ApiEnvelope> {
    await this.options.setMany({
      ModelRatio: JSON.stringify(DEFAULT_MODEL_RATIO, null, 2),
      CompletionRatio: '{}',
      CacheRatio: JSON.stringify(DEFAULT_CACHE_RATIO, null, 2),
      ModelPrice: JSON.stringify(DEFAULT_MODEL_PRICE, null, 2),
    });
    return ok();
  }
}

@Controller('api/group')
@Access('admin')
export class GroupController {
  constructor(private readonly options: OptionService) {}

  @Get()
  list(): ApiEnvelope<string[]> {
    return ok(Object.keys(this.options.settings.GroupRatio));
  }
}

/** The channel editor's presets, read from the options (docs/newapi-compat.md). */
@Controller('api/prefill_group')
@Access('admin')
export class PrefillGroupController {
  constructor(private readonly presets: PrefillGroupService) {}

  @Get()
  list(@Query(new ZodPipe(prefillGroupQuerySchema)) q: PrefillGroupQuery): ApiEnvelope<PrefillGroup[]> {
    return ok(this.presets.list(q.type));
  }
}
