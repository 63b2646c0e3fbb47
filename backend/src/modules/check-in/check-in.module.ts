import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CheckInEntity } from '../../database/entities';
import { UserModule } from '../user/user.module';
import { CheckInController } from './check-in.controller';
import { CheckInRepository } from './check-in.repository';
import { CheckInService } from './check-in.service';

/** Daily check-in: CheckInRepository owns `check_ins`; balances move through UserService.credit. */
@Module({
  imports: [TypeOrmModule.forFeature([CheckInEntity]), UserModule],
  controllers: [CheckInController],
  providers: [CheckInRepository, CheckInService],
})
export class CheckInModule {}
