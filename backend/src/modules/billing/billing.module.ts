import { Module } from '@nestjs/common';
import { QuotaLedger } from './quota-ledger.service';

/** The quota ledger: reservations, settlements and consumption logs, applied atomically. */
@Module({ providers: [QuotaLedger], exports: [QuotaLedger] })
export class BillingModule {}
