import { Module, type DynamicModule } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { ConfigModule } from './config/config.module';
import type { AppConfig } from './config/env';
import { DatabaseModule } from './database/database.module';
import { AuthModule } from './modules/auth/auth.module';
import { CheckInModule } from './modules/check-in/check-in.module';
import { DashboardModule } from './modules/dashboard/dashboard.module';
import { HealthModule } from './modules/health/health.module';
import { LogModule } from './modules/log/log.module';
import { OptionModule } from './modules/option/option.module';
import { PricingModule } from './modules/pricing/pricing.module';
import { PaymentModule } from './modules/payment/payment.module';
import { RelayModule } from './modules/relay/relay.module';
import { TaskModule } from './modules/task/task.module';
import { ChannelModule } from './modules/channel/channel.module';
import { ChannelOpsModule } from './modules/channel-ops/channel-ops.module';
import { TokenModule } from './modules/token/token.module';
import { RedemptionModule } from './modules/redemption/redemption.module';
import { TaskLogModule } from './modules/task-log/task-log.module';
import { SetupModule } from './modules/setup/setup.module';
import { StatusModule } from './modules/status/status.module';
import { UserModule } from './modules/user/user.module';
import { MailModule } from './modules/mail/mail.module';
import { NotifyModule } from './modules/notify/notify.module';
import { VerificationModule } from './modules/verification/verification.module';
import { OAuthModule } from './modules/oauth/oauth.module';
import { OpenApiModule } from './modules/openapi/openapi.module';
import { MetricsModule } from './modules/metrics/metrics.module';
import { RedisModule } from './modules/redis/redis.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule.forRoot(config),
        ScheduleModule.forRoot(),
        RedisModule,
        LogModule,
        OptionModule,
        SetupModule,
        UserModule,
        CheckInModule,
        AuthModule,
        StatusModule,
        HealthModule,
        TokenModule,
        ChannelModule,
        ChannelOpsModule,
        RelayModule,
        TaskModule,
        PricingModule,
        RedemptionModule,
        TaskLogModule,
        MailModule,
        NotifyModule,
        PaymentModule,
        VerificationModule,
        OAuthModule,
        DashboardModule,
        OpenApiModule,
        MetricsModule,
      ],
    };
  }
}
