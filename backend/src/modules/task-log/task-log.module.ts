import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CreativeTaskEntity, DrawingTaskEntity } from '../../database/entities';
import {
  DrawingLogAdminController,
  DrawingLogSelfController,
  TaskLogAdminController,
  TaskLogSelfController,
} from './task-log.controller';
import { TaskLogRepository } from './task-log.repository';
import { TaskLogService } from './task-log.service';

/** The drawing and task logs: read-only views of `midjourneys` and `tasks` (the relays write them). */
@Module({
  imports: [TypeOrmModule.forFeature([DrawingTaskEntity, CreativeTaskEntity])],
  controllers: [DrawingLogSelfController, DrawingLogAdminController, TaskLogSelfController, TaskLogAdminController],
  providers: [TaskLogRepository, TaskLogService],
})
export class TaskLogModule {}
