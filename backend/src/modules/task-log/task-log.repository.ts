import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { ObjectLiteral, Repository, SelectQueryBuilder } from 'typeorm';
import { CreativeTaskEntity, DrawingTaskEntity } from '../../database/entities';
import { SqliteReader } from '../../database/sqlite-reader';

/** Conditions on task rows; absent (or empty / 0) fields do not filter. Times in the table's unit. */
export interface TaskConditions {
  userId?: number;
  channelId?: number;
  /** mj_id (drawings) or task_id (tasks), exact. */
  taskId?: string;
  since?: number;
  until?: number;
}

/**
 * Reads `midjourneys` and `tasks` for the log pages (the relays write them). Pages are ordered by
 * id descending: newest first, stable while rows are added. Read on SqliteReader, off the event loop on
 * SQLite, as the usage log is (docs/logs.md, "Reading and deleting").
 */
@Injectable()
export class TaskLogRepository {
  constructor(
    @InjectRepository(DrawingTaskEntity) private readonly drawings: Repository<DrawingTaskEntity>,
    @InjectRepository(CreativeTaskEntity) private readonly tasks: Repository<CreativeTaskEntity>,
    private readonly reader: SqliteReader,
  ) {}

  drawingPage(where: TaskConditions, offset: number, limit: number): Promise<[DrawingTaskEntity[], number]> {
    return this.pageOf(this.drawings.createQueryBuilder('t'), 'mj_id', where, offset, limit);
  }

  taskPage(where: TaskConditions, offset: number, limit: number): Promise<[CreativeTaskEntity[], number]> {
    return this.pageOf(this.tasks.createQueryBuilder('t'), 'task_id', where, offset, limit);
  }

  private pageOf<T extends ObjectLiteral>(
    qb: SelectQueryBuilder<T>,
    idColumn: 'mj_id' | 'task_id',
    w: TaskConditions,
    offset: number,
    limit: number,
  ): Promise<[T[], number]> {
    matching(qb, idColumn, w);
    const page = qb.clone().orderBy('t.id', 'DESC').offset(offset).limit(limit);
    return Promise.all([this.reader.entities(page), this.reader.count(qb)]);
  }
}

function matching<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  idColumn: 'mj_id' | 'task_id',
  w: TaskConditions,
): void {
  if (w.userId !== undefined) qb.andWhere('t.user_id = :uid', { uid: w.userId });
  if (w.channelId) qb.andWhere('t.channel_id = :channel', { channel: w.channelId });
  if (w.taskId) qb.andWhere(`t.${idColumn} = :tid`, { tid: w.taskId });
  if (w.since) qb.andWhere('t.submit_time >= :since', { since: w.since });
  if (w.until) qb.andWhere('t.submit_time <= :until', { until: w.until });
}
