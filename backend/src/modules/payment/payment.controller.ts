import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import {
  topUpPaySchema,
  topUpQuoteSchema,
  type ApiEnvelope,
  type Paged,
  type TopUpCheckout,
  type TopUpInfo,
  type TopUpPayDto,
  type TopUpQuoteDto,
  type TopUpView,
} from '@gw/shared';
import type { z } from 'zod';
import { ok } from '../../common/http/envelope';
import { ReqLocale } from '../../common/http/request-context';
import type { Locale } from '../../common/i18n/i18n';
import { pagingSchema, toPageRequest } from '../../common/http/paging';
import { ZodPipe } from '../../common/http/zod-pipe';
import { Access } from '../auth/access.decorator';
import { CurrentUser, type AuthUser } from '../auth/auth-user';
import { PaymentService } from './payment.service';

/** The wallet's online top-up for the signed-in user (docs/payment.md). */
@Controller('api/user')
@Access('user')
export class PaymentController {
  constructor(private readonly payments: PaymentService) {}

  /** The wallet's configuration in new-api's shape (docs/newapi-compat.md). */
  @Get('topup/info')
  info(@ReqLocale() locale: Locale): ApiEnvelope<TopUpInfo> {
    return ok(this.payments.topUpInfo(locale));
  }

  /** The payable amount, as a string with two decimals. */
  @Post('amount')
  @HttpCode(200)
  amount(@CurrentUser() caller: AuthUser, @Body(new ZodPipe(topUpQuoteSchema)) dto: TopUpQuoteDto): ApiEnvelope<string> {
    return ok(this.payments.checkedQuote(caller, dto.amount).toFixed(2), 'success');
  }

  @Post('pay')
  @HttpCode(200)
  /**
   * Answers as new-api does: the form fields as `data` and the gateway's address as a top-level `url`
   * (the browser posts the fields there), so its console and scripts work unchanged.
   */
  async pay(
    @CurrentUser() caller: AuthUser,
    @Body(new ZodPipe(topUpPaySchema)) dto: TopUpPayDto,
  ): Promise<ApiEnvelope<TopUpCheckout['params']> & { url: string }> {
    const { url, params } = await this.payments.pay(caller, dto);
    return { ...ok(params, 'success'), url };
  }

  @Get('topup/self')
  async history(
    @CurrentUser() caller: AuthUser,
    @Query(new ZodPipe(pagingSchema)) q: z.infer<typeof pagingSchema>,
  ): Promise<ApiEnvelope<Paged<TopUpView>>> {
    return ok(await this.payments.history(caller, toPageRequest(q)));
  }
}
