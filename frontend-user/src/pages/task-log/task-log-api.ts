/** The drawing and task log calls: admins read every user's rows, everyone else their own. */
import type { DrawingRecord, TaskRecord } from '@gw/shared';
import { api, toListResult, withQuery, type ListResult } from '@gw/web';
import type { Query } from './task-log-helpers';

export async function listDrawings(admin: boolean, q: Query, page: number, pageSize: number): Promise<ListResult<DrawingRecord>> {
  return toListResult<DrawingRecord>(await api.get<unknown>(withQuery(admin ? '/api/mj/' : '/api/mj/self/', { ...q, p: page - 1, page_size: pageSize })));
}

export async function listTasks(admin: boolean, q: Query, page: number, pageSize: number): Promise<ListResult<TaskRecord>> {
  return toListResult<TaskRecord>(await api.get<unknown>(withQuery(admin ? '/api/task/' : '/api/task/self', { ...q, p: page - 1, page_size: pageSize })));
}
