import { Body, Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Post, Put, Query } from '@nestjs/common';
import type { ApiEnvelope, Paged } from '@gw/shared';
import type { z } from 'zod';
import { ok } from '../../common/http/envelope';
import { pagingSchema, toPageRequest } from '../../common/http/paging';
import { ZodPipe } from '../../common/http/zod-pipe';
import { Access } from '../auth/access.decorator';
import { CurrentUser, type AuthUser } from '../auth/auth-user';
import {
  createRedemptionSchema,
  redemptionIdsSchema,
  redemptionNameQuerySchema,
  redemptionSearchSchema,
  updateRedemptionSchema,
  type CreateRedemptionDto,
  type RedemptionIdsDto,
  type RedemptionNameQuery,
  type RedemptionSearchQuery,
  type UpdateRedemptionDto,
} from './dto';
import { RedemptionService } from './redemption.service';
import type { RedemptionView } from './redemption-view';

/** Admin management of redemption codes (docs/redemption.md). Fixed paths are declared before `:id`. */
@Controller('api/redemption')
@Access('admin')
export class RedemptionController {
  constructor(private readonly codes: RedemptionService) {}

  @Get()
  async list(@Query(new ZodPipe(pagingSchema)) q: z.infer<typeof pagingSchema>): Promise<ApiEnvelope<Paged<RedemptionView>>> {
    return ok(await this.codes.list('', toPageRequest(q)));
  }

  @Get('search')
  async search(@Query(new ZodPipe(redemptionSearchSchema)) q: RedemptionSearchQuery): Promise<ApiEnvelope<Paged<RedemptionView>>> {
    return ok(await this.codes.list(q.keyword, toPageRequest(q)));
  }

  @Get('count-by-name')
  async countByName(@Query(new ZodPipe(redemptionNameQuerySchema)) q: RedemptionNameQuery): Promise<ApiEnvelope<number>> {
    return ok(await this.codes.countByName(q.name));
  }

  @Get(':id')
  async get(@Param('id', ParseIntPipe) id: number): Promise<ApiEnvelope<RedemptionView>> {
    return ok(await this.codes.get(id));
  }

  /** Answers the generated codes (the console offers to copy them). */
  @Post()
  @HttpCode(200)
  async create(@CurrentUser() caller: AuthUser, @Body(new ZodPipe(createRedemptionSchema)) dto: CreateRedemptionDto): Promise<ApiEnvelope<string[]>> {
    return ok(await this.codes.create(caller.id, dto));
  }

  @Put('batch-disable')
  async batchDisable(@Body(new ZodPipe(redemptionIdsSchema)) dto: RedemptionIdsDto): Promise<ApiEnvelope<number>> {
    return ok(await this.codes.disableMany(dto.ids));
  }

  @Put()
  async update(
    @Body(new ZodPipe(updateRedemptionSchema)) dto: UpdateRedemptionDto,
    @Query('status_only') statusOnly?: string,
  ): Promise<ApiEnvelope<RedemptionView>> {
    return ok(statusOnly === 'true' ? await this.codes.setStatus(dto.id, dto.status) : await this.codes.update(dto));
  }

  /** Removes disabled, used, used-up and expired codes; answers how many. */
  @Delete('delete-disabled')
  async deleteInvalid(): Promise<ApiEnvelope<number>> {
    return ok(await this.codes.deleteInvalid());
  }

  @Delete('delete-by-name')
  async deleteByName(@Query(new ZodPipe(redemptionNameQuerySchema)) q: RedemptionNameQuery): Promise<ApiEnvelope<number>> {
    return ok(await this.codes.deleteByName(q.name));
  }

  @Delete(':id')
  async remove(@Param('id', ParseIntPipe) id: number): Promise<ApiEnvelope> {
    await this.codes.remove(id);
    return ok();
  }
}
