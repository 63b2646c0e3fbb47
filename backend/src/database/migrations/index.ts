import type { MigrationInterface } from 'typeorm';
import { Initial1795300379082 } from './1795300379082-initial';

/** Every migration, oldest first. */
export const MIGRATIONS: (new () => MigrationInterface)[] = [Initial1795300379082];
