import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { ClusterLock, JOB_LOCK_PREFIX } from './cluster-lock';
import { RedisConnection } from './redis-connection.service';

/** A holder keeps its lease this much longer than the period, so that a late timer still renews it. */
const LEASE_MARGIN = 1.5;

/**
 * Background jobs run once across the cluster (docs/cluster.md, "Jobs"). They run on the master node
 * (NODE_TYPE=master, checked by each job before it schedules itself); with REDIS_CONN_STRING a run
 * also needs the job's lease in Redis, so two nodes configured as master by mistake still run each
 * job once per period: the node holding the lease renews it on every run and never hands it over
 * while alive; another takes over once the lease lapses (1.5 periods after the holder's last run).
 * While Redis is away the master runs its jobs anyway: the master is the authority, the lease only
 * guards against a second master.
 */
@Injectable()
export class ClusterJobs implements BeforeApplicationShutdown {
  private readonly logger = new Logger('ClusterJobs');
  private readonly locks = new Map<string, ClusterLock>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly redis: RedisConnection,
  ) {}

  /**
   * Runs one period's `job` named `name` if this node may (see above); answers whether it ran.
   * `periodMs` is the time to the job's next run on this node.
   */
  async run(name: string, periodMs: number, job: () => unknown): Promise<boolean> {
    if (!(await this.mayRun(name, periodMs))) return false;
    await job();
    return true;
  }

  private async mayRun(name: string, periodMs: number): Promise<boolean> {
    const client = this.redis.client;
    if (!client) return true;
    if (!this.redis.up) {
      this.redis.reportFallback(`job:${name}`, new Error('not connected'));
      return true;
    }
    let lock = this.locks.get(name);
    if (!lock) {
      lock = new ClusterLock(client, JOB_LOCK_PREFIX + name, `${this.config.nodeName}:${randomUUID()}`);
      this.locks.set(name, lock);
    }
    try {
      return await lock.acquire(periodMs * LEASE_MARGIN);
    } catch (err) {
      this.redis.reportFallback(`job:${name}`, err);
      return true;
    }
  }

  /**
   * Hands the leases over at once, so that another master need not wait for them to lapse (before the
   * connection closes in RedisConnection's shutdown hook).
   */
  async beforeApplicationShutdown(): Promise<void> {
    if (!this.redis.up) return;
    await Promise.all(
      [...this.locks.values()].map((l) =>
        l.release().catch((err: unknown) => this.logger.warn(`releasing ${l.key} failed: ${String(err)}`)),
      ),
    );
  }
}
