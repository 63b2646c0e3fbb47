import { Body, Controller, Delete, Get, HttpCode, Post, Put, Res } from '@nestjs/common';
import { affTransferSchema, type AffTransferDto, type ApiEnvelope, type OAuthBinding, type UserView } from '@gw/shared';
import type { FastifyReply } from 'fastify';
import { ok } from '../../common/http/envelope';
import { ReqLocale } from '../../common/http/request-context';
import { t, type Locale } from '../../common/i18n/i18n';
import { ZodPipe } from '../../common/http/zod-pipe';
import { Access } from '../auth/access.decorator';
import { CurrentUser, type AuthUser } from '../auth/auth-user';
import { SessionService } from '../auth/session.service';
import { updateSelfSchema, userSettingSchema, type UpdateSelfDto, type UserSettingDto } from './dto';
import { UserIdentityService } from './user-identity.service';
import { UserSelfService, type GroupInfo } from './user-self.service';
import { UserService } from './user.service';

/** Self service for any signed-in user. Declared before the admin controller so `self` is not an id. */
@Controller('api/user')
@Access('user')
export class UserSelfController {
  constructor(
    private readonly self: UserSelfService,
    private readonly sessions: SessionService,
    private readonly users: UserService,
    private readonly identities: UserIdentityService,
  ) {}

  @Get('self')
  async get(@CurrentUser() caller: AuthUser): Promise<ApiEnvelope<UserView>> {
    return ok(await this.self.view(caller));
  }

  /** The caller's bound third-party accounts, in new-api's shape (docs/newapi-compat.md). */
  @Get('oauth/bindings')
  async bindings(@CurrentUser() caller: AuthUser): Promise<ApiEnvelope<OAuthBinding[]>> {
    return ok(await this.identities.bindingsOf(caller.id));
  }

  @Put('self')
  async update(@CurrentUser() caller: AuthUser, @Body(new ZodPipe(updateSelfSchema)) dto: UpdateSelfDto): Promise<ApiEnvelope> {
    await this.self.update(caller, dto);
    return ok();
  }

  @Delete('self')
  async remove(@CurrentUser() caller: AuthUser, @Res({ passthrough: true }) reply: FastifyReply): Promise<ApiEnvelope> {
    await this.self.deleteSelf(caller);
    this.sessions.clear(reply);
    return ok();
  }

  @Get('token')
  async token(@CurrentUser() caller: AuthUser): Promise<ApiEnvelope<string>> {
    return ok(await this.self.resetAccessToken(caller));
  }

  @Get('aff')
  async aff(@CurrentUser() caller: AuthUser): Promise<ApiEnvelope<string>> {
    return ok(await this.self.affCode(caller));
  }

  /** Moves invite earnings to the balance; answers the new balance (docs/invite.md). */
  @Post('aff_transfer')
  @HttpCode(200)
  async affTransfer(
    @CurrentUser() caller: AuthUser,
    @Body(new ZodPipe(affTransferSchema)) dto: AffTransferDto,
    @ReqLocale() locale: Locale,
  ): Promise<ApiEnvelope<{ quota: number }>> {
    const quota = await this.users.transferAffQuota(caller.id, dto.quota);
    return ok({ quota }, t('user.transferred', locale));
  }

  @Put('setting')
  async setting(@CurrentUser() caller: AuthUser, @Body(new ZodPipe(userSettingSchema)) dto: UserSettingDto): Promise<ApiEnvelope> {
    await this.self.saveSetting(caller, dto);
    return ok();
  }

  @Get('self/groups')
  groups(@CurrentUser() caller: AuthUser): ApiEnvelope<Record<string, GroupInfo>> {
    return ok(this.self.groups(caller));
  }
}
