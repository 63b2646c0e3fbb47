import type { MigrationInterface } from 'typeorm';
import { CreateLogArchive1795600000000 } from './1795600000000-create-log-archive';

/** Every migration of the log database (LOG_SQL_DSN), oldest first. */
export const LOG_MIGRATIONS: (new () => MigrationInterface)[] = [CreateLogArchive1795600000000];
