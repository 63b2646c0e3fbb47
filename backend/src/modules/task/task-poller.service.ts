import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { parseJsonObject } from '../../common/json';
import { ClusterJobs } from '../redis/cluster-jobs.service';
import { nowSec } from '../../database/columns';
import type { CreativeTaskEntity, DrawingTaskEntity } from '../../database/entities';
import { CreativeTaskRepository, type TaskPatch } from './creative-task.repository';
import { DrawingTaskRepository, type DrawingPatch } from './drawing-task.repository';
import { upstreamTasks, type MjUpstreamTask } from './midjourney/mj-wire';
import { fetchedTasks, type SunoUpstreamTask } from './suno/suno-wire';
import { TaskBilling } from './task-billing.service';
import { TaskChannels } from './task-channels.service';
import { TaskStatus, type TaskBillingInfo } from './task-status';
import { callUpstream } from './task-upstream';

const BATCH = 100;
const FETCH_TIMEOUT_MS = 30_000;
const MAX_BACKOFF_STEPS = 6;

/**
 * The master's task poller (docs/tasks.md): every TASK_POLL_INTERVAL_MS it fetches the unfinished
 * Suno and Midjourney tasks from their own channel, a batch per channel; a channel that fails is asked again after a
 * growing pause. A task older than TASK_TIMEOUT_SECONDS fails. Whoever moves a task to FAILURE
 * (conditional update) refunds it, so a late success or a second poller never refunds twice.
 */
@Injectable()
export class TaskPoller implements OnApplicationBootstrap {
  private readonly logger = new Logger(TaskPoller.name);
  private running = false;
  /** Per channel: failures in a row and when to ask again. */
  private readonly backoff = new Map<number, { failures: number; until: number }>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly scheduler: SchedulerRegistry,
    private readonly tasks: CreativeTaskRepository,
    private readonly drawings: DrawingTaskRepository,
    private readonly channels: TaskChannels,
    private readonly billing: TaskBilling,
    private readonly jobs: ClusterJobs,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.isMaster) return;
    const periodMs = this.config.taskPollIntervalMs;
    const timer = setInterval(() => {
      this.jobs
        .run('task-poll', periodMs, () => this.tick())
        .catch((err) => this.logger.warn(`task poll failed: ${String(err)}`));
    }, periodMs);
    timer.unref();
    this.scheduler.addInterval('task-poll', timer);
  }

  private async tick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      await this.pollSuno();
      await this.pollMidjourney();
    } catch (err) {
      this.logger.warn(`task poll failed: ${String(err)}`);
    } finally {
      this.running = false;
    }
  }

  async pollSuno(): Promise<void> {
    const rows = await this.tasks.unfinished(BATCH);
    const deadline = nowSec() - this.config.taskTimeoutSec;
    const byChannel = new Map<number, CreativeTaskEntity[]>();
    for (const row of rows) {
      if (Number(row.submit_time) < deadline) {
        await this.fail(row, 'timeout');
        continue;
      }
      byChannel.set(row.channel_id, [...(byChannel.get(row.channel_id) ?? []), row]);
    }
    for (const [channelId, list] of byChannel) await this.pollChannel(channelId, list);
  }

  private async pollChannel(channelId: number, list: CreativeTaskEntity[]): Promise<void> {
    const body = await this.ask(channelId, '/suno/fetch', (key) => ({ authorization: `Bearer ${key}` }), {
      ids: list.map((t) => t.task_id),
      action: '',
    });
    if (body === undefined) return;
    const byId = new Map(fetchedTasks(body).map((t) => [t.taskId, t]));
    for (const row of list) {
      const t = byId.get(row.task_id);
      if (t) await this.apply(row, t);
    }
  }

  /** One batch fetch from a channel, unless it is backing off; undefined when skipped or failed. */
  private async ask(
    channelId: number,
    path: string,
    headers: (key: string) => Record<string, string>,
    body: unknown,
  ): Promise<unknown> {
    const wait = this.backoff.get(channelId);
    if (wait && wait.until > Date.now()) return undefined;
    const channel = this.channels.byId(channelId);
    if (!channel) return undefined;
    try {
      const answer = await callUpstream(`${channel.baseUrl}${path}`, {
        method: 'POST',
        headers: headers(this.channels.keyOf(channel)),
        body,
        timeoutMs: FETCH_TIMEOUT_MS,
      });
      if (answer.status >= 300) throw new Error(`status ${answer.status}`);
      this.backoff.delete(channelId);
      return answer.body;
    } catch (err) {
      const failures = Math.min((wait?.failures ?? 0) + 1, MAX_BACKOFF_STEPS);
      this.backoff.set(channelId, { failures, until: Date.now() + this.config.taskPollIntervalMs * 2 ** failures });
      this.logger.warn(`channel #${channelId}: task fetch failed (${failures}): ${String(err)}`);
      return undefined;
    }
  }

  async pollMidjourney(): Promise<void> {
    const rows = await this.drawings.unfinished(BATCH);
    const deadline = Date.now() - this.config.taskTimeoutSec * 1000;
    const byChannel = new Map<number, DrawingTaskEntity[]>();
    for (const row of rows) {
      if (Number(row.submit_time) < deadline) {
        await this.failDrawing(row, 'timeout', {});
        continue;
      }
      byChannel.set(row.channel_id, [...(byChannel.get(row.channel_id) ?? []), row]);
    }
    for (const [channelId, list] of byChannel) {
      const ids = [...new Set(list.map((t) => t.mj_id))];
      const body = await this.ask(channelId, '/mj/task/list-by-condition', (key) => ({ 'mj-api-secret': key }), {
        ids,
      });
      if (body === undefined) continue;
      const byId = new Map(upstreamTasks(body).map((t) => [t.id, t]));
      for (const row of list) {
        const t = byId.get(row.mj_id);
        if (t) await this.applyDrawing(row, t);
      }
    }
  }

  private async applyDrawing(row: DrawingTaskEntity, t: MjUpstreamTask): Promise<void> {
    const now = Date.now();
    const patch = {
      progress: t.progress || row.progress,
      image_url: t.imageUrl || row.image_url,
      prompt_en: t.promptEn || row.prompt_en,
      description: t.description || row.description,
      start_time: t.startTime || Number(row.start_time),
      buttons: t.buttons ?? row.buttons,
    };
    if (t.status === TaskStatus.Success) {
      await this.drawings.finish(row.id, TaskStatus.Success, {
        ...patch,
        progress: '100%',
        finish_time: t.finishTime || now,
      });
    } else if (t.status === TaskStatus.Failure) {
      await this.failDrawing(row, t.failReason || 'failed', { ...patch, finish_time: t.finishTime || now });
    } else if (t.status) {
      await this.drawings.progress(row.id, t.status, patch);
    }
  }

  private async failDrawing(row: DrawingTaskEntity, reason: string, patch: DrawingPatch): Promise<void> {
    const won = await this.drawings.finish(row.id, TaskStatus.Failure, {
      finish_time: Date.now(),
      ...patch,
      fail_reason: reason,
    });
    if (won)
      await this.refund(row.properties, { userId: row.user_id, channelId: row.channel_id, taskId: row.mj_id, reason });
  }

  private async apply(row: CreativeTaskEntity, t: SunoUpstreamTask): Promise<void> {
    const now = nowSec();
    const patch = {
      progress: t.progress || row.progress,
      start_time: t.startTime || Number(row.start_time) || (t.status === TaskStatus.Submitted ? 0 : now),
      data: t.data === null ? row.data : JSON.stringify(t.data),
      updated_at: now,
    };
    if (t.status === TaskStatus.Success) {
      await this.tasks.finish(row.id, TaskStatus.Success, {
        ...patch,
        progress: '100%',
        finish_time: t.finishTime || now,
      });
    } else if (t.status === TaskStatus.Failure) {
      await this.fail(row, t.failReason || 'failed', { ...patch, finish_time: t.finishTime || now });
    } else {
      await this.tasks.progress(row.id, t.status, patch);
    }
  }

  /** Fails a running task and, if this call made it fail, refunds its charge. */
  private async fail(row: CreativeTaskEntity, reason: string, patch: TaskPatch = {}): Promise<void> {
    const now = nowSec();
    const won = await this.tasks.finish(row.id, TaskStatus.Failure, {
      progress: '100%',
      finish_time: now,
      updated_at: now,
      ...patch,
      fail_reason: reason,
    });
    if (won)
      await this.refund(row.properties, {
        userId: row.user_id,
        channelId: row.channel_id,
        taskId: row.task_id,
        reason,
      });
  }

  private async refund(
    properties: string | null,
    task: { userId: number; channelId: number; taskId: string; reason: string },
  ): Promise<void> {
    const billing = parseJsonObject(properties)?.billing as TaskBillingInfo | undefined;
    if (!billing) {
      this.logger.error(`task ${task.taskId}: no billing record, not refunded`);
      return;
    }
    await this.billing.refund(billing, task);
  }
}
