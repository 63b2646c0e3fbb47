import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CreativeTaskEntity, DrawingTaskEntity } from '../../database/entities';
import { BillingModule } from '../billing/billing.module';
import { RelayModule } from '../relay/relay.module';
import { TokenModule } from '../token/token.module';
import { CreativeTaskRepository } from './creative-task.repository';
import { DrawingTaskRepository } from './drawing-task.repository';
import { MjController, MjImageController } from './midjourney/mj.controller';
import { MjRelay } from './midjourney/mj-relay.service';
import { SunoController } from './suno/suno.controller';
import { SunoRelay } from './suno/suno-relay.service';
import { TaskBilling } from './task-billing.service';
import { TaskChannels } from './task-channels.service';
import { TaskPoller } from './task-poller.service';

/**
 * Asynchronous tasks (docs/tasks.md): the Suno and Midjourney relays, per-action billing through the relay's ledger
 * and the master's poller. CreativeTaskRepository owns `tasks`, DrawingTaskRepository `midjourneys`.
 */
@Module({
  imports: [TypeOrmModule.forFeature([CreativeTaskEntity, DrawingTaskEntity]), BillingModule, RelayModule, TokenModule],
  controllers: [SunoController, MjController, MjImageController],
  providers: [CreativeTaskRepository, DrawingTaskRepository, TaskBilling, TaskChannels, SunoRelay, MjRelay, TaskPoller],
})
export class TaskModule {}
