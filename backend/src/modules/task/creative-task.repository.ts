import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Not, type Repository } from 'typeorm';
import { CreativeTaskEntity } from '../../database/entities';
import { TASK_TERMINAL } from './task-status';

export type NewCreativeTask = Omit<CreativeTaskEntity, 'id'>;
export type TaskPatch = Partial<
  Pick<CreativeTaskEntity, 'progress' | 'fail_reason' | 'start_time' | 'finish_time' | 'data' | 'updated_at'>
>;

/**
 * The `tasks` table (Suno). A task reaches SUCCESS or FAILURE once: the terminal change is a
 * conditional update on a status that is not yet terminal, and only its winner refunds (docs/tasks.md).
 */
@Injectable()
export class CreativeTaskRepository {
  constructor(@InjectRepository(CreativeTaskEntity) private readonly rows: Repository<CreativeTaskEntity>) {}

  async insert(row: NewCreativeTask): Promise<void> {
    await this.rows.insert(row);
  }

  /** The caller's own tasks among `taskIds`. */
  ownByIds(userId: number, taskIds: readonly string[]): Promise<CreativeTaskEntity[]> {
    if (taskIds.length === 0) return Promise.resolve([]);
    return this.rows.find({ where: { user_id: userId, task_id: In([...taskIds]) }, order: { id: 'ASC' } });
  }

  own(userId: number, taskId: string): Promise<CreativeTaskEntity | null> {
    return this.rows.findOneBy({ user_id: userId, task_id: taskId });
  }

  /** The oldest unfinished tasks, at most `limit`. */
  unfinished(limit: number): Promise<CreativeTaskEntity[]> {
    return this.rows.find({ where: { status: Not(In([...TASK_TERMINAL])) }, order: { id: 'ASC' }, take: limit });
  }

  /** Progress of a task still running (a finished one is left alone). */
  async progress(id: number, status: string, patch: TaskPatch): Promise<void> {
    await this.rows.update({ id, status: Not(In([...TASK_TERMINAL])) }, { ...patch, status });
  }

  /** Moves a running task to SUCCESS or FAILURE; true only for the one caller that did it. */
  async finish(id: number, status: string, patch: TaskPatch): Promise<boolean> {
    const r = await this.rows.update({ id, status: Not(In([...TASK_TERMINAL])) }, { ...patch, status });
    return r.affected === 1;
  }
}
