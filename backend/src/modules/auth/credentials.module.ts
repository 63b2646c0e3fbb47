import { Module } from '@nestjs/common';
import { PasswordService } from './password.service';
import { SessionService } from './session.service';

/** Password hashing and session cookies: shared by sign-in and self-service without a cycle. */
@Module({ providers: [PasswordService, SessionService], exports: [PasswordService, SessionService] })
export class CredentialsModule {}
