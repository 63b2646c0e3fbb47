import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { ClusterJobs } from '../redis/cluster-jobs.service';
import { SessionService } from './session.service';

const SWEEP_EVERY_MS = 3600_000;

/**
 * Deletes expired sessions every hour, once across the cluster on the master node (ClusterJobs). Expired rows
 * are refused at once whether or not they have been swept: this only keeps the table small.
 */
@Injectable()
export class SessionSweeper implements OnApplicationBootstrap {
  private readonly logger = new Logger(SessionSweeper.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly scheduler: SchedulerRegistry,
    private readonly sessions: SessionService,
    private readonly jobs: ClusterJobs,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.isMaster) return;
    const timer = setInterval(() => {
      this.jobs
        .run('session-sweep', SWEEP_EVERY_MS, () => this.sessions.sweepExpired())
        .catch((err) => this.logger.warn(`expired session sweep failed: ${String(err)}`));
    }, SWEEP_EVERY_MS);
    timer.unref();
    this.scheduler.addInterval('session-sweep', timer);
  }
}
