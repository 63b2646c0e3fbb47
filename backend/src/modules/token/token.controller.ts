import { Body, Controller, Delete, Get, Header, HttpCode, Param, ParseIntPipe, Post, Put, Query } from '@nestjs/common';
import type { ApiEnvelope, Paged, TokenKey } from '@gw/shared';
import type { z } from 'zod';
import { ok } from '../../common/http/envelope';
import { pagingSchema, toPageRequest } from '../../common/http/paging';
import { ZodPipe } from '../../common/http/zod-pipe';
import { Access } from '../auth/access.decorator';
import { CurrentUser, type AuthUser } from '../auth/auth-user';
import { createTokenSchema, tokenSearchSchema, updateTokenSchema, type CreateTokenDto, type TokenSearchQuery, type UpdateTokenDto } from './dto';
import { TokenService } from './token.service';
import type { TokenView } from './token-view';

/** A signed-in user's own API tokens (docs/console-api.md). */
@Controller('api/token')
@Access('user')
export class TokenController {
  constructor(private readonly tokens: TokenService) {}

  @Get()
  async list(@CurrentUser() caller: AuthUser, @Query(new ZodPipe(pagingSchema)) q: z.infer<typeof pagingSchema>): Promise<ApiEnvelope<Paged<TokenView>>> {
    return ok(await this.tokens.listOwn(caller.id, toPageRequest(q)));
  }

  /** keyword: name; token: a fragment of the key (matched in memory, never by SQL on keys). */
  @Get('search')
  async search(@CurrentUser() caller: AuthUser, @Query(new ZodPipe(tokenSearchSchema)) q: TokenSearchQuery): Promise<ApiEnvelope<Paged<TokenView>>> {
    return ok(await this.tokens.searchOwn(caller.id, q));
  }

  @Get(':id')
  async get(@CurrentUser() caller: AuthUser, @Param('id', ParseIntPipe) id: number): Promise<ApiEnvelope<TokenView>> {
    return ok(await this.tokens.getOwn(caller.id, id));
  }

  /** new-api's "copy key": the key without `sk-`, to its owner only (docs/newapi-compat.md). */
  @Post(':id/key')
  @HttpCode(200)
  @Header('cache-control', 'no-store')
  async revealKey(@CurrentUser() caller: AuthUser, @Param('id', ParseIntPipe) id: number): Promise<ApiEnvelope<TokenKey>> {
    return ok({ key: await this.tokens.revealOwnKey(caller.id, id) });
  }

  /** Answers the full key once, in data.key. */
  @Post()
  @HttpCode(200)
  async create(@CurrentUser() caller: AuthUser, @Body(new ZodPipe(createTokenSchema)) dto: CreateTokenDto): Promise<ApiEnvelope<TokenView | TokenView[]>> {
    return ok(await this.tokens.create(caller.id, caller.group, dto));
  }

  @Put()
  async update(
    @CurrentUser() caller: AuthUser,
    @Body(new ZodPipe(updateTokenSchema)) dto: UpdateTokenDto,
    @Query('status_only') statusOnly?: string,
  ): Promise<ApiEnvelope<TokenView>> {
    return ok(await this.tokens.updateOwn(caller.id, caller.group, dto, statusOnly === 'true'));
  }

  @Delete(':id')
  async remove(@CurrentUser() caller: AuthUser, @Param('id', ParseIntPipe) id: number): Promise<ApiEnvelope> {
    await this.tokens.deleteOwn(caller.id, id);
    return ok();
  }
}
