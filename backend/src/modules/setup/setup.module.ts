import { Module } from '@nestjs/common';
import { CredentialsModule } from '../auth/credentials.module';
import { SetupController } from './setup.controller';
import { SetupService } from './setup.service';

@Module({ imports: [CredentialsModule], controllers: [SetupController], providers: [SetupService], exports: [SetupService] })
export class SetupModule {}
