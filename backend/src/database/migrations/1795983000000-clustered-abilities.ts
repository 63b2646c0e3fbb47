import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runForDriver } from './run-for-driver';

/**
 * Routing rows stored in key order: on SQLite the table is rebuilt WITHOUT ROWID (its key is then the
 * table, where it was a second b-tree beside the rowid one); on both databases the index on
 * (group, model, enabled, priority) goes, which the key's order already serves. Written by hand: the
 * generator does not see a change of WITHOUT ROWID.
 */
export class ClusteredAbilities1795983000000 implements MigrationInterface {
  name = 'ClusteredAbilities1795983000000';

  async up(q: QueryRunner): Promise<void> {
    await runForDriver(q, UP);
  }

  async down(q: QueryRunner): Promise<void> {
    await runForDriver(q, DOWN);
  }
}

const COLUMNS = '"group", "model", "channel_id", "enabled", "priority", "weight", "tag"';
const TABLE = (name: string, options: string) =>
  `CREATE TABLE "${name}" ("group" varchar(64) NOT NULL, "model" varchar(191) NOT NULL, "channel_id" integer NOT NULL, "enabled" boolean NOT NULL DEFAULT (1), "priority" bigint NOT NULL DEFAULT (0), "weight" integer NOT NULL DEFAULT (0), "tag" varchar(128) NOT NULL DEFAULT (''), PRIMARY KEY ("group", "model", "channel_id"))${options}`;
const CHANNEL_INDEX = 'CREATE INDEX "IDX_5cf7048c2ecf1ed7a99c233358" ON "abilities" ("channel_id") ';
const OLD_INDEX = 'IDX_689bd4e9b67ad73bfcb02c2f20';

/** SQLite's way to change a table: a new one, the rows copied, the old one dropped (with its indexes). */
const rebuilt = (options: string) => [
  TABLE('temporary_abilities', options),
  `INSERT INTO "temporary_abilities" (${COLUMNS}) SELECT ${COLUMNS} FROM "abilities"`,
  'DROP TABLE "abilities"',
  'ALTER TABLE "temporary_abilities" RENAME TO "abilities"',
  CHANNEL_INDEX,
];

const UP = {
  sqlite: rebuilt(' WITHOUT ROWID'),
  mysql: [`DROP INDEX \`${OLD_INDEX}\` ON \`abilities\``],
};

const DOWN = {
  sqlite: [
    ...rebuilt(''),
    `CREATE INDEX "${OLD_INDEX}" ON "abilities" ("group", "model", "enabled", "priority") `,
  ],
  mysql: [`CREATE INDEX \`${OLD_INDEX}\` ON \`abilities\` (\`group\`, \`model\`, \`enabled\`, \`priority\`)`],
};
