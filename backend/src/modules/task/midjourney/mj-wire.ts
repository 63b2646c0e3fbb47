import type { DrawingTaskEntity } from '../../../database/entities';

/** What one Midjourney submission is: the task action and the priced model (docs/tasks.md). */
export interface MjAction {
  action: string;
  model: string;
}

/** Submit routes whose action follows from the path alone. */
export const MJ_PATH_ACTIONS: Readonly<Record<string, MjAction>> = {
  imagine: { action: 'IMAGINE', model: 'mj_imagine' },
  describe: { action: 'DESCRIBE', model: 'mj_describe' },
  blend: { action: 'BLEND', model: 'mj_blend' },
  shorten: { action: 'SHORTEN', model: 'mj_shorten' },
  'swap-face': { action: 'SWAP_FACE', model: 'swap_face' },
  'upload-discord-images': { action: 'UPLOAD', model: 'mj_upload' },
  modal: { action: 'MODAL', model: 'mj_modal' },
};

const CHANGE_ACTIONS: Readonly<Record<string, MjAction>> = {
  UPSCALE: { action: 'UPSCALE', model: 'mj_upscale' },
  VARIATION: { action: 'VARIATION', model: 'mj_variation' },
  REROLL: { action: 'REROLL', model: 'mj_reroll' },
};

/** `change`'s `action` field (UPSCALE, VARIATION, REROLL). */
export function changeAction(raw: unknown): MjAction | null {
  return typeof raw === 'string' && Object.prototype.hasOwnProperty.call(CHANGE_ACTIONS, raw) ? CHANGE_ACTIONS[raw] : null;
}

/** `simple-change`'s `content`, "<task id> U1" (U, V 1–4, or R): the task and the change. */
export function simpleChange(content: unknown): { taskId: string; action: MjAction } | null {
  const m = typeof content === 'string' ? /^\s*(\S{1,64})\s+(U[1-4]|V[1-4]|R)\s*$/i.exec(content) : null;
  if (!m) return null;
  const kind = m[2][0].toUpperCase();
  return { taskId: m[1], action: CHANGE_ACTIONS[kind === 'U' ? 'UPSCALE' : kind === 'V' ? 'VARIATION' : 'REROLL'] };
}

/** A button's `customId` (MJ::JOB::upsample::1::…) as the action it starts. */
export function buttonAction(customId: unknown): MjAction | null {
  if (typeof customId !== 'string' || !customId.startsWith('MJ::')) return null;
  const rules: [RegExp, MjAction][] = [
    [/^MJ::JOB::upsample/, { action: 'UPSCALE', model: 'mj_upscale' }],
    [/^MJ::JOB::high_variation/, { action: 'HIGH_VARIATION', model: 'mj_high_variation' }],
    [/^MJ::JOB::low_variation/, { action: 'LOW_VARIATION', model: 'mj_low_variation' }],
    [/^MJ::JOB::variation/, { action: 'VARIATION', model: 'mj_variation' }],
    [/^MJ::JOB::reroll/, { action: 'REROLL', model: 'mj_reroll' }],
    [/^MJ::JOB::pan_/, { action: 'PAN', model: 'mj_pan' }],
    [/^MJ::Outpaint/, { action: 'ZOOM', model: 'mj_zoom' }],
    [/^MJ::CustomZoom/, { action: 'CUSTOM_ZOOM', model: 'mj_custom_zoom' }],
    [/^MJ::Inpaint/, { action: 'INPAINT', model: 'mj_inpaint' }],
  ];
  return rules.find(([re]) => re.test(customId))?.[1] ?? null;
}

/** Codes of an accepted submission: 1 submitted, 21 and 22 (existing / queued): charged. */
export const MJ_ACCEPTED = new Set([1, 21, 22]);

/** `--fast`, `--relax`, `--turbo` removed (MjModeClearEnabled). */
export function clearMode(prompt: string): string {
  return prompt.replace(/\s*--(fast|relax|turbo)\b/gi, '').trim();
}

/** The proxy's answer `{code, description, result, properties}`. */
export interface MjSubmitAnswer {
  code: number;
  description: string;
  result: unknown;
  properties?: unknown;
}

export function submitAnswer(body: unknown): MjSubmitAnswer | null {
  const b = body as Record<string, unknown> | null;
  if (!b || typeof b !== 'object' || typeof b.code !== 'number') return null;
  return { code: b.code, description: typeof b.description === 'string' ? b.description : '', result: b.result ?? null, properties: b.properties };
}

const str = (v: unknown, max: number) => (typeof v === 'string' ? v.slice(0, max) : '');
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.floor(v) : 0);

/** One task of the proxy's list-by-condition answer, as the poller stores it. */
export interface MjUpstreamTask {
  id: string;
  status: string;
  progress: string;
  imageUrl: string;
  failReason: string;
  promptEn: string;
  description: string;
  startTime: number;
  finishTime: number;
  buttons: string | null;
  properties: string | null;
}

export function upstreamTasks(body: unknown): MjUpstreamTask[] {
  if (!Array.isArray(body)) return [];
  return (body as Record<string, unknown>[])
    .filter((t) => t && typeof t === 'object' && typeof t.id === 'string')
    .map((t) => ({
      id: t.id as string,
      status: str(t.status, 32).toUpperCase(),
      progress: str(t.progress, 16),
      imageUrl: str(t.imageUrl, 2000),
      failReason: str(t.failReason, 2000),
      promptEn: str(t.promptEn, 8000),
      description: str(t.description, 2000),
      startTime: num(t.startTime),
      finishTime: num(t.finishTime),
      buttons: Array.isArray(t.buttons) ? JSON.stringify(t.buttons) : null,
      properties: t.properties && typeof t.properties === 'object' ? JSON.stringify(t.properties) : null,
    }));
}

function parsed(text: string | null, fallback: unknown): unknown {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return fallback;
  }
}

/** A task in the proxy's format; `imageUrl` through the gateway when `forwardBase` is given. */
export function mjTaskDto(t: DrawingTaskEntity, forwardBase: string | null) {
  const props = parsed(t.properties, {}) as Record<string, unknown>;
  delete props.billing;
  return {
    id: t.mj_id,
    action: t.action,
    prompt: t.prompt ?? '',
    promptEn: t.prompt_en ?? '',
    description: t.description ?? '',
    state: t.state,
    submitTime: Number(t.submit_time),
    startTime: Number(t.start_time),
    finishTime: Number(t.finish_time),
    imageUrl: t.image_url ? (forwardBase ? `${forwardBase}/mj/image/${t.mj_id}` : t.image_url) : '',
    status: t.status,
    progress: t.progress,
    failReason: t.fail_reason ?? '',
    buttons: parsed(t.buttons, []),
    properties: props,
  };
}
