import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runForDriver } from './run-for-driver';

/** Low-quota alerts already sent, one row per user (docs/notifications.md). */
export class AddQuotaAlerts1795493000000 implements MigrationInterface {
  name = 'AddQuotaAlerts1795493000000';

  async up(q: QueryRunner): Promise<void> {
    await runForDriver(q, UP);
  }

  async down(q: QueryRunner): Promise<void> {
    await runForDriver(q, DOWN);
  }
}

const UP = {
  sqlite: [
    'CREATE TABLE "quota_alerts" ("user_id" integer PRIMARY KEY NOT NULL, "alerted_at" bigint NOT NULL DEFAULT (0))',
  ],
  mysql: [
    "CREATE TABLE `quota_alerts` (`user_id` int NOT NULL, `alerted_at` bigint NOT NULL DEFAULT '0', PRIMARY KEY (`user_id`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci",
  ],
};

const DOWN = {
  sqlite: ['DROP TABLE "quota_alerts"'],
  mysql: ['DROP TABLE `quota_alerts`'],
};
