import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The log database's `logs` (LOG_SQL_DSN; docs/logs.md, "A separate log database"): the columns and
 * indexes of the main database's `logs`, except that `id` is not AUTO_INCREMENT. Rows arrive with the
 * id the main database gave them, so an id names one row in both databases. A migration that adds a
 * column to the main `logs` adds it here too.
 */
export class CreateLogArchive1795600000000 implements MigrationInterface {
  name = 'CreateLogArchive1795600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      "CREATE TABLE `logs` (`id` int NOT NULL, `user_id` int NOT NULL DEFAULT '0', `created_at` bigint NOT NULL DEFAULT '0', `type` int NOT NULL DEFAULT '0', `content` text NULL, `username` varchar(64) NOT NULL DEFAULT '', `token_name` varchar(64) NOT NULL DEFAULT '', `model_name` varchar(191) NOT NULL DEFAULT '', `quota` bigint NOT NULL DEFAULT '0', `prompt_tokens` int NOT NULL DEFAULT '0', `completion_tokens` int NOT NULL DEFAULT '0', `use_time` int NOT NULL DEFAULT '0', `is_stream` tinyint NOT NULL DEFAULT 0, `channel_id` int NOT NULL DEFAULT '0', `channel_name` varchar(128) NOT NULL DEFAULT '', `token_id` int NOT NULL DEFAULT '0', `group` varchar(64) NOT NULL DEFAULT '', `ip` varchar(64) NOT NULL DEFAULT '', `other` text NULL, `request_id` varchar(64) NOT NULL DEFAULT '', " +
        'INDEX `IDX_2e86f70d1402105ed34b8c75b1` (`group`, `created_at`), INDEX `IDX_3c17f0d9b17187dea7da7925a9` (`username`, `created_at`), INDEX `IDX_86410aa015f97bbb61749ee112` (`channel_id`, `created_at`), INDEX `IDX_d39313737631a0a87a69dd5849` (`token_name`, `created_at`), INDEX `IDX_4dac09a4161b18d64f712b3c00` (`model_name`, `created_at`), INDEX `IDX_563f5994fa02f79a34902e10b9` (`type`, `created_at`), INDEX `IDX_81e17af2bdbcd473b0a18e8e4b` (`user_id`, `created_at`), INDEX `IDX_0cea11b3443bee34697606c59c` (`created_at`), INDEX `IDX_8fc5bf83f19e36b61a21f1fd26` (`request_id`), ' +
        'PRIMARY KEY (`id`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE `logs`');
  }
}
