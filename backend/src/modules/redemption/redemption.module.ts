import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RedemptionEntity, RedemptionUseEntity } from '../../database/entities';
import { UserModule } from '../user/user.module';
import { RedeemController } from './redeem.controller';
import { RedemptionController } from './redemption.controller';
import { RedemptionRepository } from './redemption.repository';
import { RedemptionService } from './redemption.service';

/** Redemption codes: RedemptionRepository (its two tables) and RedemptionService (the rules). */
@Module({
  imports: [TypeOrmModule.forFeature([RedemptionEntity, RedemptionUseEntity]), UserModule],
  controllers: [RedemptionController, RedeemController],
  providers: [RedemptionRepository, RedemptionService],
  exports: [RedemptionService],
})
export class RedemptionModule {}
