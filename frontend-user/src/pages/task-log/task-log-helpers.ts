/** Pure helpers of the drawing and task logs (docs/console.md#drawing-log, #task-log). */

export type Query = Record<string, string | number | undefined>;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The drawing log's default range: the last 30 days to one hour ahead (ms). */
export function defaultDrawingRange(nowMs: number): { start?: number; end?: number } {
  return { start: nowMs - 30 * DAY_MS, end: nowMs + HOUR_MS };
}

/** The task log's default range: from the start of today, no end (ms; sent as seconds). */
export function defaultTaskRange(nowMs: number): { start?: number; end?: number } {
  const d = new Date(nowMs);
  d.setHours(0, 0, 0, 0);
  return { start: d.getTime(), end: undefined };
}

export interface TaskLogFilters {
  start?: number;
  end?: number;
  /** mj_id or task_id. */
  id: string;
  channel: string;
}

const finite = (n?: number) => (n === undefined || !Number.isFinite(n) ? undefined : n);
const channelOf = (f: TaskLogFilters, admin: boolean) => (admin && /^\d+$/.test(f.channel.trim()) ? Number(f.channel.trim()) : undefined);

/** Query of /api/mj: times in milliseconds. */
export function drawingQuery(f: TaskLogFilters, admin: boolean): Query {
  return { mj_id: f.id.trim() || undefined, channel_id: channelOf(f, admin), start_timestamp: finite(f.start), end_timestamp: finite(f.end) };
}

/** Query of /api/task: times in seconds. */
export function taskQuery(f: TaskLogFilters, admin: boolean): Query {
  const sec = (ms?: number) => (finite(ms) === undefined ? undefined : Math.floor((ms as number) / 1000));
  return { task_id: f.id.trim() || undefined, channel_id: channelOf(f, admin), start_timestamp: sec(f.start), end_timestamp: sec(f.end) };
}

/** "45%" → 45, clamped to 0..100; anything else 0. */
export function progressPercent(progress: string | undefined): number {
  const n = Number.parseFloat(String(progress ?? '').replace('%', ''));
  return Number.isFinite(n) ? Math.max(0, Math.min(100, Math.round(n))) : 0;
}

/**
 * An image URL the console may show: absolute http(s), or the gateway's own forward path
 * (`/mj/image/…`). Anything else (javascript:, data:, protocol-relative) is not shown.
 */
export function safeImageUrl(url: string | undefined): string | null {
  const u = String(url ?? '').trim();
  if (!u) return null;
  if (u.startsWith('/mj/image/')) return u;
  try {
    const parsed = new URL(u);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** Arco tag colours by status (drawing and task). */
export const STATUS_COLOR: Record<string, string> = {
  NOT_START: 'gray',
  SUBMITTED: 'arcoblue',
  QUEUED: 'cyan',
  MODAL: 'orange',
  IN_PROGRESS: 'blue',
  SUCCESS: 'green',
  FAILURE: 'red',
  UNKNOWN: 'gray',
};

const STATUSES = Object.keys(STATUS_COLOR);
const DRAWING_ACTIONS = ['IMAGINE', 'UPSCALE', 'VARIATION', 'HIGH_VARIATION', 'LOW_VARIATION', 'PAN', 'DESCRIBE', 'BLEND', 'SHORTEN', 'REROLL', 'INPAINT', 'ZOOM', 'CUSTOM_ZOOM', 'MODAL', 'SWAP_FACE', 'UPLOAD'];
const TASK_ACTIONS = ['MUSIC', 'LYRICS'];

/** The i18n key of a status (unknown values read as UNKNOWN). */
export const statusKey = (s: string) => `tasklog.status_${STATUSES.includes(s) ? s : 'UNKNOWN'}`;
/** The i18n key of a drawing action, or null to show the action as it came. */
export const drawingActionKey = (a: string) => (DRAWING_ACTIONS.includes(a) ? `tasklog.action_${a}` : null);
export const taskActionKey = (a: string) => (TASK_ACTIONS.includes(a) ? `tasklog.action_${a}` : null);

/** Seconds between two times, or null when either is missing. */
export function elapsedSeconds(start: number, finish: number, unitMs: boolean): number | null {
  if (!start || !finish || finish < start) return null;
  return unitMs ? Math.round((finish - start) / 100) / 10 : finish - start;
}

/** A JSON text pretty-printed, or the text as it is. */
export function prettyJson(text: string): string {
  if (!text) return '';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
