import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { multiKeyManageSchema, type ApiEnvelope, type ChannelKeyStatusPage, type MultiKeyManageDto } from '@gw/shared';
import { ok } from '../../common/http/envelope';
import { ZodPipe } from '../../common/http/zod-pipe';
import { Access } from '../auth/access.decorator';
import { CurrentUser, type AuthUser } from '../auth/auth-user';
import { ChannelMultiKeyService } from './channel-multi-key.service';

/** Per-key status of multi-key channels (docs/channel-types.md#multi-key-channels); keys come masked. */
@Controller('api/channel/multi_key')
@Access('admin')
export class ChannelMultiKeyController {
  constructor(private readonly multiKey: ChannelMultiKeyService) {}

  @Post('manage')
  @HttpCode(200)
  async manage(
    @CurrentUser() caller: AuthUser,
    @Body(new ZodPipe(multiKeyManageSchema)) dto: MultiKeyManageDto,
  ): Promise<ApiEnvelope<ChannelKeyStatusPage>> {
    return ok(await this.multiKey.manage(dto, caller.username));
  }
}
