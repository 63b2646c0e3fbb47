import { Module } from '@nestjs/common';
import { ledgerStoreProvider } from './ledger-store.provider';
import { QuotaLedger } from './quota-ledger.service';

/** The quota ledger: reservations, settlements and consumption logs, applied atomically. */
@Module({ providers: [ledgerStoreProvider, QuotaLedger], exports: [QuotaLedger] })
export class BillingModule {}
