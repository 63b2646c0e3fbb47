import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { SessionService } from './session.service';

const SWEEP_EVERY_MS = 3600_000;

/**
 * Deletes expired sessions every hour, on the master node only (one sweeper per database). Expired rows
 * are refused at once whether or not they have been swept: this only keeps the table small.
 */
@Injectable()
export class SessionSweeper implements OnApplicationBootstrap {
  private readonly logger = new Logger(SessionSweeper.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly scheduler: SchedulerRegistry,
    private readonly sessions: SessionService,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.isMaster) return;
    const timer = setInterval(() => {
      this.sessions.sweepExpired().catch((err) => this.logger.warn(`expired session sweep failed: ${String(err)}`));
    }, SWEEP_EVERY_MS);
    timer.unref();
    this.scheduler.addInterval('session-sweep', timer);
  }
}
