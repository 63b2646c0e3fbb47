import { Controller, Get, Query } from '@nestjs/common';
import type { ApiEnvelope, DrawingRecord, Paged, TaskRecord } from '@gw/shared';
import { ok } from '../../common/http/envelope';
import { ZodPipe } from '../../common/http/zod-pipe';
import { Access } from '../auth/access.decorator';
import { CurrentUser, type AuthUser } from '../auth/auth-user';
import {
  drawingLogQuerySchema,
  drawingLogSelfQuerySchema,
  taskLogQuerySchema,
  taskLogSelfQuerySchema,
  type DrawingLogQuery,
  type DrawingLogSelfQuery,
  type TaskLogQuery,
  type TaskLogSelfQuery,
} from './task-log.dto';
import { TaskLogService } from './task-log.service';

/** Every user's drawings (admins); times in milliseconds. */
@Controller('api/mj')
@Access('admin')
export class DrawingLogAdminController {
  constructor(private readonly logs: TaskLogService) {}

  @Get()
  async list(@Query(new ZodPipe(drawingLogQuerySchema)) q: DrawingLogQuery): Promise<ApiEnvelope<Paged<DrawingRecord>>> {
    return ok(await this.logs.drawings({ admin: true }, q));
  }
}

/** The caller's own drawings. */
@Controller('api/mj/self')
@Access('user')
export class DrawingLogSelfController {
  constructor(private readonly logs: TaskLogService) {}

  @Get()
  async list(
    @CurrentUser() me: AuthUser,
    @Query(new ZodPipe(drawingLogSelfQuerySchema)) q: DrawingLogSelfQuery,
  ): Promise<ApiEnvelope<Paged<DrawingRecord>>> {
    return ok(await this.logs.drawings({ admin: false, userId: me.id }, q));
  }
}

/** Every user's tasks (admins); times in seconds. */
@Controller('api/task')
@Access('admin')
export class TaskLogAdminController {
  constructor(private readonly logs: TaskLogService) {}

  @Get()
  async list(@Query(new ZodPipe(taskLogQuerySchema)) q: TaskLogQuery): Promise<ApiEnvelope<Paged<TaskRecord>>> {
    return ok(await this.logs.tasks({ admin: true }, q));
  }
}

/** The caller's own tasks. */
@Controller('api/task/self')
@Access('user')
export class TaskLogSelfController {
  constructor(private readonly logs: TaskLogService) {}

  @Get()
  async list(
    @CurrentUser() me: AuthUser,
    @Query(new ZodPipe(taskLogSelfQuerySchema)) q: TaskLogSelfQuery,
  ): Promise<ApiEnvelope<Paged<TaskRecord>>> {
    return ok(await this.logs.tasks({ admin: false, userId: me.id }, q));
  }
}
