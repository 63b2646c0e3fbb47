import { Module } from '@nestjs/common';
import { MailService } from './mail.service';

/** Outgoing e-mail over the SMTP options (docs/notifications.md); used by notifications and sign-up codes. */
@Module({ providers: [MailService], exports: [MailService] })
export class MailModule {}
