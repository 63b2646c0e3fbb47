import { Module } from '@nestjs/common';
import { UserModule } from '../user/user.module';
import { SetupController } from './setup.controller';
import { SetupRepository } from './setup.repository';
import { SetupService } from './setup.service';

@Module({ imports: [UserModule], controllers: [SetupController], providers: [SetupRepository, SetupService], exports: [SetupService] })
export class SetupModule {}
