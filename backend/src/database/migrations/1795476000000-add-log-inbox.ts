import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runForDriver } from './run-for-driver';

/**
 * SQLite only: `log_inbox`, the unindexed table the ledger writes usage rows into in the commit that
 * settles a response; they move to `logs` in batches (docs/ledger.md, "SQLite"). It has the columns
 * of `logs`: a migration that adds one to `logs` adds it here too. Written by hand (not an entity).
 */
export class AddLogInbox1795476000000 implements MigrationInterface {
  name = 'AddLogInbox1795476000000';

  async up(q: QueryRunner): Promise<void> {
    await runForDriver(q, UP);
  }

  async down(q: QueryRunner): Promise<void> {
    await runForDriver(q, DOWN);
  }
}

const UP = {
  "sqlite": [
    "CREATE TABLE \"log_inbox\" (\"id\" integer PRIMARY KEY AUTOINCREMENT NOT NULL, \"user_id\" integer NOT NULL DEFAULT (0), \"created_at\" bigint NOT NULL DEFAULT (0), \"type\" integer NOT NULL DEFAULT (0), \"content\" text, \"username\" varchar(64) NOT NULL DEFAULT (''), \"token_name\" varchar(64) NOT NULL DEFAULT (''), \"model_name\" varchar(191) NOT NULL DEFAULT (''), \"quota\" bigint NOT NULL DEFAULT (0), \"prompt_tokens\" integer NOT NULL DEFAULT (0), \"completion_tokens\" integer NOT NULL DEFAULT (0), \"use_time\" integer NOT NULL DEFAULT (0), \"is_stream\" boolean NOT NULL DEFAULT (0), \"channel_id\" integer NOT NULL DEFAULT (0), \"channel_name\" varchar(128) NOT NULL DEFAULT (''), \"token_id\" integer NOT NULL DEFAULT (0), \"group\" varchar(64) NOT NULL DEFAULT (''), \"ip\" varchar(64) NOT NULL DEFAULT (''), \"other\" text, \"request_id\" varchar(64) NOT NULL DEFAULT (''))"
  ],
  "mysql": []
};

const DOWN = {
  "sqlite": [
    "DROP TABLE \"log_inbox\""
  ],
  "mysql": []
};
