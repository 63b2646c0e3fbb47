import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import type { ApiEnvelope } from '@gw/shared';
import { ok } from '../../common/http/envelope';
import { ZodPipe } from '../../common/http/zod-pipe';
import { Access } from '../auth/access.decorator';
import { CurrentUser, type AuthUser } from '../auth/auth-user';
import { redeemSchema, type RedeemDto } from './dto';
import { RedemptionService } from './redemption.service';
import type { RedeemResult } from './redemption-view';

/** The wallet's redeem call for any signed-in user (docs/redemption.md#redeeming). */
@Controller('api/user')
@Access('user')
export class RedeemController {
  constructor(private readonly codes: RedemptionService) {}

  @Post('topup')
  @HttpCode(200)
  async redeem(@CurrentUser() caller: AuthUser, @Body(new ZodPipe(redeemSchema)) dto: RedeemDto): Promise<ApiEnvelope<RedeemResult>> {
    return ok(await this.codes.redeem(caller.id, dto.key));
  }
}
