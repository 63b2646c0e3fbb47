import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { VerificationCodeEntity } from '../../database/entities';
import { MailModule } from '../mail/mail.module';
import { ThrottleModule } from '../throttle/throttle.module';
import { UserModule } from '../user/user.module';
import { EmailCodeService } from './email-code.service';
import { PasswordResetService } from './password-reset.service';
import { VerificationCodes } from './verification-codes';
import { VerificationController } from './verification.controller';
import { VerificationRepository } from './verification.repository';

/**
 * Codes and links mailed to addresses (docs/identity/email-and-reset.md): sign-up and binding codes,
 * password reset. VerificationCodes is exported for sign-up, which uses a code in its own transaction.
 */
@Module({
  imports: [TypeOrmModule.forFeature([VerificationCodeEntity]), MailModule, ThrottleModule, UserModule],
  controllers: [VerificationController],
  providers: [VerificationRepository, VerificationCodes, EmailCodeService, PasswordResetService],
  exports: [VerificationCodes, EmailCodeService],
})
export class VerificationModule {}
