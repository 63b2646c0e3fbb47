import type { EntityManager } from 'typeorm';
import type { AppConfig } from '../config/env';
import type { PasswordService } from '../modules/auth/password.service';
import type { SessionService } from '../modules/auth/session.service';
import type { LogRecord, LogService } from '../modules/log/log.service';
import type { OptionService } from '../modules/option/option.service';
import { strictFake } from './strict-fake';

/** Log rows as a LogService fake keeps them: queued ones and ones written inside a transaction. */
export class FakeLogs {
  readonly queued: LogRecord[] = [];
  readonly inTransaction: { tx: EntityManager; row: LogRecord }[] = [];

  record(entry: LogRecord): void {
    this.queued.push(entry);
  }

  async insertNow(tx: EntityManager, entry: LogRecord): Promise<void> {
    this.inTransaction.push({ tx, row: entry });
  }
}

/** Sessions ended, as a SessionService fake records them. */
export class FakeSessions {
  readonly revoked: { tx: EntityManager; userId: number; keep?: string }[] = [];

  async revoke(tx: EntityManager, userId: number, keep?: string): Promise<void> {
    this.revoked.push({ tx, userId, keep });
  }
}

/** A readable stand-in for argon2: "hashed:<password>". */
export class FakePasswords {
  async hash(password: string): Promise<string> {
    return `hashed:${password}`;
  }

  async verify(hash: string | null | undefined, password: string): Promise<boolean> {
    return hash === `hashed:${password}`;
  }
}

/** Strict fakes of the services the user and channel services depend on, typed as the real ones. */
export function fakeDependencies(settings: Record<string, unknown> = {}) {
  const logs = new FakeLogs();
  const sessions = new FakeSessions();
  const passwords = new FakePasswords();
  return {
    logs,
    sessions,
    logService: strictFake('LogService', logs) as unknown as LogService,
    sessionService: strictFake('SessionService', sessions) as unknown as SessionService,
    passwordService: strictFake('PasswordService', passwords) as unknown as PasswordService,
    optionService: strictFake('OptionService', { settings: strictFake('settings', settings) }) as unknown as OptionService,
    config: strictFake('AppConfig', { cryptoSecret: 'unit-test-secret' }) as unknown as AppConfig,
  };
}
