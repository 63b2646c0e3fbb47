import { Body, Controller, Get, HttpCode, Param, ParseIntPipe, Post, Put, Query } from '@nestjs/common';
import type { ApiEnvelope, Paged, UserView } from '@gw/shared';
import type { z } from 'zod';
import { ok } from '../../common/http/envelope';
import { pagingSchema, toPageRequest } from '../../common/http/paging';
import { ZodPipe } from '../../common/http/zod-pipe';
import { Access } from '../auth/access.decorator';
import { CurrentUser, type AuthUser } from '../auth/auth-user';
import { createUserSchema, manageUserSchema, searchUserSchema, updateUserSchema, type CreateUserDto, type UpdateUserDto } from './dto';
import { UserAdminService } from './user-admin.service';

/** User administration (admins; root for acting on admins). */
@Controller('api/user')
@Access('admin')
export class UserAdminController {
  constructor(private readonly users: UserAdminService) {}

  @Get()
  async list(@Query(new ZodPipe(pagingSchema)) q: z.infer<typeof pagingSchema>): Promise<ApiEnvelope<Paged<UserView>>> {
    return ok(await this.users.list(toPageRequest(q)));
  }

  @Get('search')
  async search(
    @Query(new ZodPipe(pagingSchema.extend(searchUserSchema.shape))) q: z.infer<typeof pagingSchema> & z.infer<typeof searchUserSchema>,
  ): Promise<ApiEnvelope<Paged<UserView>>> {
    return ok(await this.users.search(q.keyword.trim(), q.group.trim(), toPageRequest(q)));
  }

  @Get(':id')
  async get(@CurrentUser() caller: AuthUser, @Param('id', ParseIntPipe) id: number): Promise<ApiEnvelope<UserView>> {
    return ok(await this.users.getForAdmin(caller, id));
  }

  @Post()
  async create(@CurrentUser() caller: AuthUser, @Body(new ZodPipe(createUserSchema)) dto: CreateUserDto): Promise<ApiEnvelope> {
    await this.users.create(caller, dto);
    return ok();
  }

  @Put()
  async update(@CurrentUser() caller: AuthUser, @Body(new ZodPipe(updateUserSchema)) dto: UpdateUserDto): Promise<ApiEnvelope<UserView>> {
    return ok(await this.users.update(caller, dto));
  }

  @Post('manage')
  @HttpCode(200)
  async manage(
    @CurrentUser() caller: AuthUser,
    @Body(new ZodPipe(manageUserSchema)) dto: z.infer<typeof manageUserSchema>,
  ): Promise<ApiEnvelope<{ role: number; status: number }>> {
    return ok(await this.users.manage(caller, dto.id, dto.action));
  }
}
