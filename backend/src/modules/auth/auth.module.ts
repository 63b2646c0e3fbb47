import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { SetupModule } from '../setup/setup.module';
import { ThrottleModule } from '../throttle/throttle.module';
import { UserModule } from '../user/user.module';
import { VerificationModule } from '../verification/verification.module';
import { AuthController } from './auth.controller';
import { AuthGuard } from './auth.guard';
import { AuthService } from './auth.service';
import { ConsoleAuthService } from './console-auth.service';
import { CredentialsModule } from './credentials.module';
import { SignUpService } from './sign-up.service';

/** Sign-in, registration and the global access guard. Credential throttling: ThrottleModule. */
@Module({
  imports: [
    CredentialsModule,
    UserModule,
    SetupModule,
    ThrottleModule,
    VerificationModule,
  ],
  controllers: [AuthController],
  providers: [AuthService, ConsoleAuthService, SignUpService, { provide: APP_GUARD, useClass: AuthGuard }],
  exports: [ConsoleAuthService, SignUpService],
})
export class AuthModule {}
