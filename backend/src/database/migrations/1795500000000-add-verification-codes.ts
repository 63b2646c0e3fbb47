import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runForDriver } from './run-for-driver';

/** Codes and reset tokens mailed to addresses, one row per purpose and address (docs/identity/email-and-reset.md). */
export class AddVerificationCodes1795500000000 implements MigrationInterface {
  name = 'AddVerificationCodes1795500000000';

  async up(q: QueryRunner): Promise<void> {
    await runForDriver(q, UP);
  }

  async down(q: QueryRunner): Promise<void> {
    await runForDriver(q, DOWN);
  }
}

const UP = {
  sqlite: [
    'CREATE TABLE "verification_codes" ("purpose" varchar(16) NOT NULL, "address" varchar(191) NOT NULL, "code_hash" varchar(64) NOT NULL DEFAULT (\'\'), "attempts" integer NOT NULL DEFAULT (0), "created_at" bigint NOT NULL DEFAULT (0), "expires_at" bigint NOT NULL DEFAULT (0), PRIMARY KEY ("purpose", "address"))',
  ],
  mysql: [
    "CREATE TABLE `verification_codes` (`purpose` varchar(16) NOT NULL, `address` varchar(191) NOT NULL, `code_hash` varchar(64) NOT NULL DEFAULT '', `attempts` int NOT NULL DEFAULT '0', `created_at` bigint NOT NULL DEFAULT '0', `expires_at` bigint NOT NULL DEFAULT '0', PRIMARY KEY (`purpose`, `address`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci",
  ],
};

const DOWN = {
  sqlite: ['DROP TABLE "verification_codes"'],
  mysql: ['DROP TABLE `verification_codes`'],
};
