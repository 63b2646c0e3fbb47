import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { ClusterJobs } from '../redis/cluster-jobs.service';
import { ChannelBatchJournal } from './channel-batch-journal';
import { ChannelService } from './channel.service';

/** A batch whose latest part is this old has lost its writer (parts commit every few ms to a few seconds). */
const BATCH_STALE_MS = 10 * 60_000;
const SWEEP_EVERY_MS = 5 * 60_000;

/**
 * Undoes batches of keys whose writer died part-way (docs/channel-types.md, "Writing many rows"): at
 * start, each node those it was writing itself; every five minutes, the master (once across the
 * cluster, ClusterJobs) those of any node with no part for ten minutes. Undoing removes the batch's
 * channels as a batch delete does (the relay's caches are told), then its journal rows.
 */
@Injectable()
export class ChannelBatchSweeper implements OnApplicationBootstrap {
  private readonly logger = new Logger(ChannelBatchSweeper.name);
  private readonly startedAt = Date.now();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly scheduler: SchedulerRegistry,
    private readonly journal: ChannelBatchJournal,
    private readonly channels: ChannelService,
    private readonly jobs: ClusterJobs,
  ) {}

  onApplicationBootstrap(): void {
    this.undo(this.startedAt, true).catch((err) =>
      this.logger.warn(`undoing this node's batches failed: ${String(err)}`),
    );
    if (!this.config.isMaster) return;
    const timer = setInterval(() => {
      this.jobs
        .run('channel-batch-sweep', SWEEP_EVERY_MS, () => this.undo(Date.now() - BATCH_STALE_MS))
        .catch((err) => this.logger.warn(`channel batch sweep failed: ${String(err)}`));
    }, SWEEP_EVERY_MS);
    timer.unref();
    this.scheduler.addInterval('channel-batch-sweep', timer);
  }

  /** Claims and undoes the batches ChannelBatchJournal.claim finds. */
  private async undo(before: number, own = false): Promise<void> {
    for (const batch of await this.journal.claim(before, own)) {
      const ids = await this.journal.channelsOf(batch);
      this.logger.warn(`undoing channel batch ${batch} left part-way: ${ids.length} channels`);
      await this.channels.removeMany(ids);
      await this.journal.close(batch);
    }
  }
}
