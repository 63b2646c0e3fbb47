import { Controller, Get, Query } from '@nestjs/common';
import { quotaDataQuerySchema, type ApiEnvelope, type QuotaDataQuery, type QuotaDataRow } from '@gw/shared';
import { ok } from '../../common/http/envelope';
import { ZodPipe } from '../../common/http/zod-pipe';
import { Access } from '../auth/access.decorator';
import { CurrentUser, type AuthUser } from '../auth/auth-user';
import { UsageDataService } from './usage-data.service';

/** Every user's usage, or one user's by `username` (admins). */
@Controller('api/data')
@Access('admin')
export class UsageDataAdminController {
  constructor(private readonly usage: UsageDataService) {}

  @Get()
  async list(@Query(new ZodPipe(quotaDataQuerySchema)) q: QuotaDataQuery): Promise<ApiEnvelope<QuotaDataRow[]>> {
    return ok(await this.usage.forAdmin(q));
  }
}

/** The caller's own usage (`username` is ignored). */
@Controller('api/data/self')
@Access('user')
export class UsageDataSelfController {
  constructor(private readonly usage: UsageDataService) {}

  @Get()
  async list(@CurrentUser() me: AuthUser, @Query(new ZodPipe(quotaDataQuerySchema)) q: QuotaDataQuery): Promise<ApiEnvelope<QuotaDataRow[]>> {
    return ok(await this.usage.forUser(me.id, q));
  }
}
