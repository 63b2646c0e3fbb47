import type { Provider } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SqliteWriteQueue } from '../../database/sqlite-write-queue';
import type { LedgerStore } from './ledger-types';
import { MysqlLedgerStore } from './mysql-ledger-store';
import { SqliteLedgerStore, type SqliteDatabase } from './sqlite-ledger-store';

/** Injection token of the ledger's LedgerStore (unit specs hand QuotaLedger a fake instead). */
export const LEDGER_STORE = Symbol('LedgerStore');

/** The store for the app's database: SQLite through its write queue, else MySQL/MariaDB. */
export function ledgerStoreFor(ds: DataSource): LedgerStore {
  const queue = SqliteWriteQueue.of(ds);
  return queue
    ? new SqliteLedgerStore((ds.driver as unknown as { databaseConnection: SqliteDatabase }).databaseConnection, queue)
    : new MysqlLedgerStore(ds);
}

export const ledgerStoreProvider: Provider = {
  provide: LEDGER_STORE,
  useFactory: ledgerStoreFor,
  inject: [DataSource],
};
