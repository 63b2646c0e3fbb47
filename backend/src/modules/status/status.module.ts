import { Module } from '@nestjs/common';
import { SetupModule } from '../setup/setup.module';
import { StatusController } from './status.controller';
import { StatusService } from './status.service';

@Module({ imports: [SetupModule], controllers: [StatusController], providers: [StatusService] })
export class StatusModule {}
