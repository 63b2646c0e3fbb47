import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { renderQuota, type ApiEnvelope } from '@gw/shared';
import { ok } from '../../common/http/envelope';
import { ReqLocale } from '../../common/http/request-context';
import { t, type Locale } from '../../common/i18n/i18n';
import { Access } from '../auth/access.decorator';
import { CurrentUser, type AuthUser } from '../auth/auth-user';
import { OptionService } from '../option/option.service';
import { CheckInService } from './check-in.service';

/**
 * The caller's daily check-in. These static paths sit under /api/user next to the admin `:id`
 * route; fastify's router matches a static segment before a parameter, whatever the order.
 */
@Controller('api/user')
@Access('user')
export class CheckInController {
  constructor(
    private readonly checkIns: CheckInService,
    private readonly options: OptionService,
  ) {}

  @Get('check_in_status')
  async status(@CurrentUser() caller: AuthUser): Promise<ApiEnvelope<{ can_check_in: boolean }>> {
    return ok(await this.checkIns.status(caller.id));
  }

  @Post('check_in')
  @HttpCode(200)
  async checkIn(@CurrentUser() caller: AuthUser, @ReqLocale() locale: Locale): Promise<ApiEnvelope<{ quota: number }>> {
    const granted = await this.checkIns.checkIn(caller.id);
    const s = this.options.settings;
    const shown = renderQuota(granted.quota, { displayInCurrency: s.DisplayInCurrencyEnabled, quotaPerUnit: s.QuotaPerUnit });
    return ok(granted, t('check_in.success', locale, { quota: shown }));
  }
}
