import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { QuotaAlertEntity } from '../../database/entities';
import { BillingModule } from '../billing/billing.module';
import { MailModule } from '../mail/mail.module';
import { UserModule } from '../user/user.module';
import { QuotaAlertRepository } from './quota-alert.repository';
import { QuotaAlertService } from './quota-alert.service';
import { WebhookSender } from './webhook-sender';

/** User notifications: low-quota alerts by e-mail or signed webhook (docs/notifications.md). */
@Module({
  imports: [TypeOrmModule.forFeature([QuotaAlertEntity]), BillingModule, MailModule, UserModule],
  providers: [QuotaAlertRepository, QuotaAlertService, WebhookSender],
  exports: [WebhookSender],
})
export class NotifyModule {}
