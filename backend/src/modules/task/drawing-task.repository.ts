import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Not, type Repository } from 'typeorm';
import { DrawingTaskEntity } from '../../database/entities';
import { TASK_TERMINAL } from './task-status';

export type NewDrawingTask = Omit<DrawingTaskEntity, 'id'>;
export type DrawingPatch = Partial<
  Pick<
    DrawingTaskEntity,
    'progress' | 'fail_reason' | 'start_time' | 'finish_time' | 'image_url' | 'prompt_en' | 'description' | 'buttons' | 'properties'
  >
>;

/**
 * The `midjourneys` table. As for `tasks`, SUCCESS and FAILURE are reached by one conditional update
 * whose winner alone may refund (docs/tasks.md).
 */
@Injectable()
export class DrawingTaskRepository {
  constructor(@InjectRepository(DrawingTaskEntity) private readonly rows: Repository<DrawingTaskEntity>) {}

  async insert(row: NewDrawingTask): Promise<void> {
    await this.rows.insert(row);
  }

  own(userId: number, mjId: string): Promise<DrawingTaskEntity | null> {
    return this.rows.findOne({ where: { user_id: userId, mj_id: mjId }, order: { id: 'DESC' } });
  }

  ownByIds(userId: number, mjIds: readonly string[]): Promise<DrawingTaskEntity[]> {
    if (mjIds.length === 0) return Promise.resolve([]);
    return this.rows.find({ where: { user_id: userId, mj_id: In([...mjIds]) }, order: { id: 'ASC' } });
  }

  /** Any user's task by its upstream id (the image route, which carries no key). */
  byMjId(mjId: string): Promise<DrawingTaskEntity | null> {
    return this.rows.findOne({ where: { mj_id: mjId }, order: { id: 'DESC' } });
  }

  unfinished(limit: number): Promise<DrawingTaskEntity[]> {
    return this.rows.find({
      where: { status: Not(In([...TASK_TERMINAL])), mj_id: Not('') },
      order: { id: 'ASC' },
      take: limit,
    });
  }

  async progress(id: number, status: string, patch: DrawingPatch): Promise<void> {
    await this.rows.update({ id, status: Not(In([...TASK_TERMINAL])) }, { ...patch, status });
  }

  async finish(id: number, status: string, patch: DrawingPatch): Promise<boolean> {
    const r = await this.rows.update({ id, status: Not(In([...TASK_TERMINAL])) }, { ...patch, status });
    return r.affected === 1;
  }
}
