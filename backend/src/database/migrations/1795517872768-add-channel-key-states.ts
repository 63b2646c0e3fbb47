import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runForDriver } from './run-for-driver';

/**
 * Per-key health of multi-key channels (docs/channel-types.md#multi-key-channels): `channel_key_states`,
 * one row per key that has a state, named by the key's fingerprint; `channels.multi_key_mode`.
 */
export class AddChannelKeyStates1795517872768 implements MigrationInterface {
  name = 'AddChannelKeyStates1795517872768';

  async up(q: QueryRunner): Promise<void> {
    await runForDriver(q, UP);
  }

  async down(q: QueryRunner): Promise<void> {
    await runForDriver(q, DOWN);
  }
}

const UP = {
  sqlite: [
    "CREATE TABLE \"channel_key_states\" (\"id\" integer PRIMARY KEY AUTOINCREMENT NOT NULL, \"channel_id\" integer NOT NULL DEFAULT (0), \"fingerprint\" varchar(64) NOT NULL DEFAULT (''), \"status\" integer NOT NULL DEFAULT (1), \"reason\" varchar(512) NOT NULL DEFAULT (''), \"disabled_time\" bigint NOT NULL DEFAULT (0))",
    "CREATE UNIQUE INDEX \"uq_channel_key_states_key\" ON \"channel_key_states\" (\"channel_id\", \"fingerprint\") ",
    "ALTER TABLE \"channels\" ADD COLUMN \"multi_key_mode\" varchar(16) NOT NULL DEFAULT ('random')",
  ],
  mysql: [
    "CREATE TABLE `channel_key_states` (`id` int NOT NULL AUTO_INCREMENT, `channel_id` int NOT NULL DEFAULT '0', `fingerprint` varchar(64) NOT NULL DEFAULT '', `status` int NOT NULL DEFAULT '1', `reason` varchar(512) NOT NULL DEFAULT '', `disabled_time` bigint NOT NULL DEFAULT '0', UNIQUE INDEX `uq_channel_key_states_key` (`channel_id`, `fingerprint`), PRIMARY KEY (`id`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci",
    "ALTER TABLE `channels` ADD `multi_key_mode` varchar(16) NOT NULL DEFAULT 'random'",
  ],
};

const DOWN = {
  sqlite: [
    "ALTER TABLE \"channels\" DROP COLUMN \"multi_key_mode\"",
    "DROP INDEX \"uq_channel_key_states_key\"",
    "DROP TABLE \"channel_key_states\"",
  ],
  mysql: [
    "ALTER TABLE `channels` DROP COLUMN `multi_key_mode`",
    "DROP INDEX `uq_channel_key_states_key` ON `channel_key_states`",
    "DROP TABLE `channel_key_states`",
  ],
};
