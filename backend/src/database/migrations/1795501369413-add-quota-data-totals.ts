import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runForDriver } from './run-for-driver';

/**
 * Dashboard aggregates (docs/dashboard.md): `quota_data_totals`, the per-hour, per-model sums over every
 * user that the roll-up job keeps, and an index on `quota_data.created_at` for the roll-up's range scans.
 */
export class AddQuotaDataTotals1795501369413 implements MigrationInterface {
  name = 'AddQuotaDataTotals1795501369413';

  async up(q: QueryRunner): Promise<void> {
    await runForDriver(q, UP);
  }

  async down(q: QueryRunner): Promise<void> {
    await runForDriver(q, DOWN);
  }
}

const UP = {
  sqlite: [
    "CREATE TABLE \"quota_data_totals\" (\"id\" integer PRIMARY KEY AUTOINCREMENT NOT NULL, \"model_name\" varchar(191) NOT NULL DEFAULT (''), \"created_at\" bigint NOT NULL DEFAULT (0), \"token_used\" bigint NOT NULL DEFAULT (0), \"count\" bigint NOT NULL DEFAULT (0), \"quota\" bigint NOT NULL DEFAULT (0), CONSTRAINT \"uq_quota_data_totals_hour_model\" UNIQUE (\"created_at\", \"model_name\"))",
    "CREATE INDEX \"idx_quota_data_created_at\" ON \"quota_data\" (\"created_at\") ",
  ],
  mysql: [
    "CREATE TABLE `quota_data_totals` (`id` int NOT NULL AUTO_INCREMENT, `model_name` varchar(191) NOT NULL DEFAULT '', `created_at` bigint NOT NULL DEFAULT '0', `token_used` bigint NOT NULL DEFAULT '0', `count` bigint NOT NULL DEFAULT '0', `quota` bigint NOT NULL DEFAULT '0', UNIQUE INDEX `uq_quota_data_totals_hour_model` (`created_at`, `model_name`), PRIMARY KEY (`id`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci",
    "CREATE INDEX `idx_quota_data_created_at` ON `quota_data` (`created_at`)",
  ],
};

const DOWN = {
  sqlite: [
    "DROP INDEX \"idx_quota_data_created_at\"",
    "DROP TABLE \"quota_data_totals\"",
  ],
  mysql: [
    "DROP INDEX `idx_quota_data_created_at` ON `quota_data`",
    "DROP INDEX `uq_quota_data_totals_hour_model` ON `quota_data_totals`",
    "DROP TABLE `quota_data_totals`",
  ],
};
