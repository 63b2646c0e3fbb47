import { Controller, Delete, Get, Query } from '@nestjs/common';
import type { ApiEnvelope, Paged } from '@gw/shared';
import type { z } from 'zod';
import { ok } from '../../common/http/envelope';
import { ZodPipe } from '../../common/http/zod-pipe';
import { Access } from '../auth/access.decorator';
import { CurrentUser, type AuthUser } from '../auth/auth-user';
import { logDeleteSchema, logFilterSchema, logListSchema, type LogFilter, type LogListQuery } from './log-query.dto';
import { LogQueryService, type LogStat } from './log-query.service';
import type { LogView } from './log-view';

/** Every user's log (admins). */
@Controller('api/log')
@Access('admin')
export class LogAdminController {
  constructor(private readonly logs: LogQueryService) {}

  @Get()
  async list(@Query(new ZodPipe(logListSchema)) q: LogListQuery): Promise<ApiEnvelope<Paged<LogView>>> {
    return ok(await this.logs.list({ admin: true }, q));
  }

  @Get('stat')
  async stat(@Query(new ZodPipe(logFilterSchema)) f: LogFilter): Promise<ApiEnvelope<LogStat>> {
    return ok(await this.logs.stat({ admin: true }, f));
  }

  /** Deletes rows older than target_timestamp; data is the number deleted. */
  @Delete()
  async clear(@Query(new ZodPipe(logDeleteSchema)) q: z.infer<typeof logDeleteSchema>): Promise<ApiEnvelope<number>> {
    return ok(await this.logs.deleteBefore(q.target_timestamp));
  }
}

/** The caller's own log. */
@Controller('api/log/self')
@Access('user')
export class LogSelfController {
  constructor(private readonly logs: LogQueryService) {}

  @Get()
  async list(
    @CurrentUser() me: AuthUser,
    @Query(new ZodPipe(logListSchema)) q: LogListQuery,
  ): Promise<ApiEnvelope<Paged<LogView>>> {
    return ok(await this.logs.list({ admin: false, userId: me.id }, q));
  }

  @Get('stat')
  async stat(
    @CurrentUser() me: AuthUser,
    @Query(new ZodPipe(logFilterSchema)) f: LogFilter,
  ): Promise<ApiEnvelope<LogStat>> {
    return ok(await this.logs.stat({ admin: false, userId: me.id }, f));
  }
}
