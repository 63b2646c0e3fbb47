import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SessionEntity } from '../../database/entities';
import { PasswordService } from './password.service';
import { SessionService } from './session.service';
import { SessionSweeper } from './session-sweeper.service';

/** Password hashing and server-side sessions: shared by sign-in and user management without a cycle. */
@Module({
  imports: [TypeOrmModule.forFeature([SessionEntity])],
  providers: [PasswordService, SessionService, SessionSweeper],
  exports: [PasswordService, SessionService],
})
export class CredentialsModule {}
