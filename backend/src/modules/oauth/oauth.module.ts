import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OAuthStateEntity } from '../../database/entities';
import { AuthModule } from '../auth/auth.module';
import { CredentialsModule } from '../auth/credentials.module';
import { ThrottleModule } from '../throttle/throttle.module';
import { UserModule } from '../user/user.module';
import { OAuthAccountService } from './oauth-account.service';
import { OAuthStateRepository } from './oauth-state.repository';
import { OAuthStateService } from './oauth-state.service';
import { OAuthController } from './oauth.controller';
import { OAuthService } from './oauth.service';
import { WeChatTelegramController } from './wechat-telegram.controller';
import { WeChatTelegramService } from './wechat-telegram.service';

/** Third-party sign-in and binding: GitHub, OIDC, LinuxDO, WeChat, Telegram (docs/identity/third-party-sign-in.md). */
@Module({
  imports: [TypeOrmModule.forFeature([OAuthStateEntity]), AuthModule, CredentialsModule, UserModule, ThrottleModule],
  // The WeChat/Telegram routes are static paths; registered first so none reads as a provider name.
  controllers: [WeChatTelegramController, OAuthController],
  providers: [OAuthStateRepository, OAuthStateService, OAuthAccountService, OAuthService, WeChatTelegramService],
})
export class OAuthModule {}
