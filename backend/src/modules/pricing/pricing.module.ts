import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ChannelModule } from '../channel/channel.module';
import { UserModule } from '../user/user.module';
import { PricingController } from './pricing.controller';
import { PricingService } from './pricing.service';

/** The public price list; owns no table (channels through ChannelService, prices from the options). */
@Module({
  imports: [AuthModule, ChannelModule, UserModule],
  controllers: [PricingController],
  providers: [PricingService],
})
export class PricingModule {}
