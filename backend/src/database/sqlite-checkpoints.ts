import { Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '../config/env';
import { sqliteFile, WAL_AUTOCHECKPOINT_PAGES } from './data-source';
import { SqliteWriteQueue } from './sqlite-write-queue';
import { WalCheckpointer, type PragmaConnection } from './wal-checkpointer';

/**
 * The app's SQLite WAL is checkpointed by a worker thread from boot to shutdown (WalCheckpointer,
 * docs/ledger.md "SQLite"); a WAL that grew under a steady stream of commits is drained while the write
 * queue holds the app's statements. Nothing to do on MySQL or for an in-memory database.
 */
export class SqliteCheckpoints implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(SqliteCheckpoints.name);
  private checkpointer?: WalCheckpointer;

  constructor(
    private readonly ds: DataSource,
    private readonly db: AppConfig['database'],
  ) {}

  onModuleInit(): void {
    const file = sqliteFile(this.db);
    if (!file) return;
    const connection = (this.ds.driver as unknown as { databaseConnection: PragmaConnection }).databaseConnection;
    const queue = SqliteWriteQueue.of(this.ds);
    this.checkpointer = WalCheckpointer.start(connection, file, {
      fallbackPages: WAL_AUTOCHECKPOINT_PAGES,
      holdWrites: queue && ((work) => queue.hold(work)),
      onFailure: (message) => this.logger.warn(`${message}; the database connection checkpoints itself again`),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.checkpointer?.stop();
  }
}
