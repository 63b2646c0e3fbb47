import type { CreativeTaskEntity } from '../../../database/entities';
import { taskStatusOf } from '../task-status';

/** Suno actions of the relay: the path segment, the task action and the priced model. */
export const SUNO_ACTIONS: Readonly<Record<string, { action: string; model: string }>> = {
  music: { action: 'MUSIC', model: 'suno_music' },
  lyrics: { action: 'LYRICS', model: 'suno_lyrics' },
};

export const SUNO_PLATFORM = 'suno';

/** One task of the Suno-API fetch answer, as far as the relay reads it. */
export interface SunoUpstreamTask {
  taskId: string;
  status: string;
  progress: string;
  failReason: string;
  startTime: number;
  finishTime: number;
  data: unknown;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.floor(v) : 0);

/** The submit answer `{code: "success", data: "<task id>"}`; null when the upstream refused. */
export function submittedTaskId(body: unknown): string | null {
  const b = body as { code?: unknown; data?: unknown } | null;
  if (!b || typeof b !== 'object' || b.code !== 'success') return null;
  const id = str(b.data);
  return id && id.length <= 191 ? id : null;
}

/** The upstream's reason for a refusal (its `message`), bounded. */
export function refusalMessage(body: unknown): string {
  const b = body as { message?: unknown; detail?: unknown } | null;
  return str(b?.message ?? b?.detail).slice(0, 500);
}

/** The fetch answer `{code: "success", data: [task…]}`: the tasks it carries. */
export function fetchedTasks(body: unknown): SunoUpstreamTask[] {
  const b = body as { code?: unknown; data?: unknown } | null;
  if (!b || b.code !== 'success' || !Array.isArray(b.data)) return [];
  return (b.data as Record<string, unknown>[])
    .filter((t) => t && typeof t === 'object' && str(t.task_id))
    .map((t) => ({
      taskId: str(t.task_id),
      status: taskStatusOf(t.status),
      progress: str(t.progress).slice(0, 16),
      failReason: str(t.fail_reason).slice(0, 2000),
      startTime: num(t.start_time),
      finishTime: num(t.finish_time),
      data: t.data ?? null,
    }));
}

function parsed(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** A task as the fetch routes answer it (new-api's task object; never the billing properties). */
export function sunoTaskDto(t: CreativeTaskEntity) {
  return {
    task_id: t.task_id,
    action: t.action,
    status: t.status,
    fail_reason: t.fail_reason ?? '',
    submit_time: Number(t.submit_time),
    start_time: Number(t.start_time),
    finish_time: Number(t.finish_time),
    progress: t.progress,
    data: parsed(t.data),
  };
}
