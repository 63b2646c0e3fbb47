import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { setupSchema, type ApiEnvelope, type SetupStatus } from '@gw/shared';
import type { z } from 'zod';
import { ok } from '../../common/http/envelope';
import { ReqLocale } from '../../common/http/request-context';
import { ZodPipe } from '../../common/http/zod-pipe';
import { t, type Locale } from '../../common/i18n/i18n';
import { Access } from '../auth/access.decorator';
import { SetupService } from './setup.service';

@Controller('api/setup')
@Access('public')
export class SetupController {
  constructor(private readonly setup: SetupService) {}

  @Get()
  async status(): Promise<ApiEnvelope<SetupStatus>> {
    return ok(await this.setup.status());
  }

  @Post()
  @HttpCode(200)
  async run(@Body(new ZodPipe(setupSchema)) body: z.infer<typeof setupSchema>, @ReqLocale() locale: Locale): Promise<ApiEnvelope> {
    await this.setup.run(body);
    return ok(undefined, t('setup.success', locale));
  }
}
