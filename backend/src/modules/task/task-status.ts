/** Task states shared by Suno and Midjourney tasks (docs/tasks.md). */
export const TaskStatus = {
  NotStart: 'NOT_START',
  Submitted: 'SUBMITTED',
  Queued: 'QUEUED',
  InProgress: 'IN_PROGRESS',
  Failure: 'FAILURE',
  Success: 'SUCCESS',
  Unknown: 'UNKNOWN',
} as const;

export const TASK_TERMINAL: readonly string[] = [TaskStatus.Success, TaskStatus.Failure];

const KNOWN = new Set<string>(Object.values(TaskStatus));

/** An upstream status as one of ours (anything unknown is UNKNOWN, still polled). */
export function taskStatusOf(raw: unknown): string {
  const s = typeof raw === 'string' ? raw.toUpperCase() : '';
  return KNOWN.has(s) ? s : TaskStatus.Unknown;
}

/** What the task table keeps about its charge, in `properties.billing` (never a key). */
export interface TaskBillingInfo {
  request_id: string;
  token_id: number;
  token_drawn: boolean;
  token_name: string;
  username: string;
  group: string;
  model: string;
  quota: number;
}
