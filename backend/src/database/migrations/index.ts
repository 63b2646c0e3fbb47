import type { MigrationInterface } from 'typeorm';
import { Initial1795300379082 } from './1795300379082-initial';
import { AddLogDeadLetters1795469231680 } from './1795469231680-add-log-dead-letters';

/** Every migration, oldest first. */
export const MIGRATIONS: (new () => MigrationInterface)[] = [Initial1795300379082, AddLogDeadLetters1795469231680];
