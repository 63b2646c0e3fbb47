import { Controller, Get, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { quotaDataQuerySchema, type ApiEnvelope, type QuotaDataQuery, type QuotaDataRow } from '@gw/shared';
import { ok, okJson } from '../../common/http/envelope';
import { ZodPipe } from '../../common/http/zod-pipe';
import { Access } from '../auth/access.decorator';
import { CurrentUser, type AuthUser } from '../auth/auth-user';
import { UsageDataService } from './usage-data.service';

/** Every user's usage, or one user's by `username` (admins). */
@Controller('api/data')
@Access('admin')
export class UsageDataAdminController {
  constructor(private readonly usage: UsageDataService) {}

  /** Every user's rows are the largest answers: where the database writes their JSON, it is sent as written. */
  @Get()
  async list(
    @Query(new ZodPipe(quotaDataQuerySchema)) q: QuotaDataQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiEnvelope<QuotaDataRow[]> | Buffer> {
    const json = await this.usage.everyoneJson(q);
    if (json === null) return ok(await this.usage.forAdmin(q));
    reply.type('application/json; charset=utf-8');
    return okJson(json);
  }
}

/** The caller's own usage (`username` is ignored). */
@Controller('api/data/self')
@Access('user')
export class UsageDataSelfController {
  constructor(private readonly usage: UsageDataService) {}

  @Get()
  async list(
    @CurrentUser() me: AuthUser,
    @Query(new ZodPipe(quotaDataQuerySchema)) q: QuotaDataQuery,
  ): Promise<ApiEnvelope<QuotaDataRow[]>> {
    return ok(await this.usage.forUser(me.id, q));
  }
}
