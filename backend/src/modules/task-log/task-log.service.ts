import { Injectable } from '@nestjs/common';
import type { DrawingRecord, Paged, TaskRecord } from '@gw/shared';
import { paged } from '../../common/http/paging';
import { OptionService } from '../option/option.service';
import type { DrawingLogQuery, DrawingLogSelfQuery, TaskLogQuery, TaskLogSelfQuery } from './task-log.dto';
import { TaskLogRepository, type TaskConditions } from './task-log.repository';
import { toDrawingRecord, toTaskRecord } from './task-log.view';

/** Every user's rows (admin) or one user's (the self routes, which ignore channel_id). */
export type TaskLogScope = { admin: true } | { admin: false; userId: number };

/** The drawing and task logs (docs/console.md#drawing-log, #task-log). */
@Injectable()
export class TaskLogService {
  constructor(
    private readonly repo: TaskLogRepository,
    private readonly options: OptionService,
  ) {}

  async drawings(scope: TaskLogScope, q: DrawingLogQuery | DrawingLogSelfQuery): Promise<Paged<DrawingRecord>> {
    const forward = this.options.settings.MjForwardUrlEnabled;
    const [rows, total] = await this.repo.drawingPage(
      conditionsOf(scope, 'channel_id' in q ? q.channel_id : undefined, q.mj_id, q),
      q.p * q.page_size,
      q.page_size,
    );
    return paged(rows.map((r) => toDrawingRecord(r, scope.admin, forward)), total, { page: q.p, pageSize: q.page_size });
  }

  async tasks(scope: TaskLogScope, q: TaskLogQuery | TaskLogSelfQuery): Promise<Paged<TaskRecord>> {
    const [rows, total] = await this.repo.taskPage(conditionsOf(scope, 'channel_id' in q ? q.channel_id : undefined, q.task_id, q), q.p * q.page_size, q.page_size);
    return paged(rows.map((r) => toTaskRecord(r, scope.admin)), total, { page: q.p, pageSize: q.page_size });
  }
}

function conditionsOf(
  scope: TaskLogScope,
  channelId: number | undefined,
  taskId: string | undefined,
  range: { start_timestamp?: number; end_timestamp?: number },
): TaskConditions {
  return {
    userId: scope.admin ? undefined : scope.userId,
    channelId: scope.admin ? channelId : undefined,
    taskId: taskId || undefined,
    since: range.start_timestamp,
    until: range.end_timestamp,
  };
}
