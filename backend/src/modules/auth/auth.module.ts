import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import type { FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { SetupModule } from '../setup/setup.module';
import { UserModule } from '../user/user.module';
import { AuthController } from './auth.controller';
import { AuthGuard } from './auth.guard';
import { AuthService } from './auth.service';
import { CredentialsModule } from './credentials.module';

/** Sign-in, registration and the global access guard. Throttlers: per client IP and per account. */
@Module({
  imports: [
    CredentialsModule,
    UserModule,
    SetupModule,
    ThrottlerModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        throttlers: [
          { name: 'ip', ttl: config.criticalRateLimit.ttlMs, limit: config.criticalRateLimit.limit },
          {
            name: 'account',
            ttl: config.criticalRateLimit.ttlMs,
            limit: config.criticalRateLimit.limit,
            getTracker: (req: Record<string, unknown>) => {
              const body = (req as unknown as FastifyRequest).body as { username?: unknown } | undefined;
              return `account:${String(body?.username ?? '').trim().toLowerCase()}`;
            },
          },
        ],
        getTracker: (req: Record<string, unknown>) => (req as unknown as FastifyRequest).ip,
      }),
    }),
  ],
  controllers: [AuthController],
  providers: [AuthService, { provide: APP_GUARD, useClass: AuthGuard }],
})
export class AuthModule {}
