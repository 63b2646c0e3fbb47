import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UserEntity } from '../../database/entities';
import { CredentialsModule } from '../auth/credentials.module';
import { UserAdminController } from './user.controller';
import { UserAdminService } from './user-admin.service';
import { UserSelfController } from './user-self.controller';
import { UserIdentityService } from './user-identity.service';
import { UserSelfService } from './user-self.service';
import { UserCredentialsService } from './user-credentials.service';
import { UserRepository } from './user.repository';
import { UserService } from './user.service';

/** Users: UserRepository is the only code touching `users` (besides the ledger's quota statements); others use UserService. */
@Module({
  imports: [TypeOrmModule.forFeature([UserEntity]), CredentialsModule],
  // Self routes first: /api/user/self must not match /api/user/:id.
  controllers: [UserSelfController, UserAdminController],
  providers: [UserRepository, UserService, UserAdminService, UserSelfService, UserCredentialsService, UserIdentityService],
  exports: [UserService, UserCredentialsService, UserIdentityService],
})
export class UserModule {}
