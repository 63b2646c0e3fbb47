/**
 * The drawing log (`/api/mj/`, times in milliseconds) and the task log (`/api/task/`, times in
 * seconds): their queries and the rows they answer (docs/console.md#drawing-log, #task-log).
 */
import { z } from 'zod';
import { pageIndexSchema, pageSizeWithDefaultSchema } from './paging';

const int = z.number().int();
const id = z.string().trim().max(191).optional().default('');
/** A time filter: absent, unusable or 0 means no bound (as the other log filters). */
const bound = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional().catch(undefined);
const channel = z.coerce.number().int().min(0).optional().catch(undefined);

/** GET /api/mj/self: a page, the drawing id, a range in epoch milliseconds. */
export const drawingLogSelfQuerySchema = z.object({
  p: pageIndexSchema,
  page_size: pageSizeWithDefaultSchema,
  mj_id: id,
  start_timestamp: bound.describe('Epoch milliseconds.'),
  end_timestamp: bound.describe('Epoch milliseconds.'),
});
/** GET /api/mj/: the same plus the channel. */
export const drawingLogQuerySchema = drawingLogSelfQuerySchema.extend({ channel_id: channel });
export type DrawingLogQuery = z.infer<typeof drawingLogQuerySchema>;

/** GET /api/task/self: a page, the task id, a range in epoch seconds. */
export const taskLogSelfQuerySchema = z.object({
  p: pageIndexSchema,
  page_size: pageSizeWithDefaultSchema,
  task_id: id,
  start_timestamp: bound.describe('Epoch seconds.'),
  end_timestamp: bound.describe('Epoch seconds.'),
});
/** GET /api/task/: the same plus the channel. */
export const taskLogQuerySchema = taskLogSelfQuerySchema.extend({ channel_id: channel });
export type TaskLogQuery = z.infer<typeof taskLogQuerySchema>;

export const drawingRecordSchema = z
  .strictObject({
    id: int,
    code: int,
    user_id: int,
    action: z.string().describe('IMAGINE, UPSCALE, VARIATION, REROLL, DESCRIBE, BLEND, …'),
    mj_id: z.string(),
    prompt: z.string(),
    prompt_en: z.string(),
    description: z.string(),
    state: z.string(),
    submit_time: int.describe('Epoch milliseconds.'),
    start_time: int.describe('Epoch milliseconds.'),
    finish_time: int.describe('Epoch milliseconds.'),
    image_url: z.string(),
    status: z.string().describe('NOT_START, SUBMITTED, MODAL, IN_PROGRESS, FAILURE, SUCCESS, UNKNOWN.'),
    progress: z.string().describe('For example "45%".'),
    fail_reason: z.string(),
    channel_id: int.describe('0 on the self route.'),
    quota: int,
    buttons: z.string().describe('JSON text.'),
    properties: z.string().describe('JSON text.'),
  })
  .meta({ id: 'DrawingTask', description: 'A Midjourney task (docs/console.md#drawing-log).' });
export type DrawingRecord = z.infer<typeof drawingRecordSchema>;

export const taskRecordSchema = z
  .strictObject({
    id: int,
    created_at: int,
    updated_at: int,
    task_id: z.string(),
    platform: z.string().describe('suno'),
    user_id: int,
    channel_id: int.describe('0 on the self route.'),
    quota: int,
    action: z.string().describe('MUSIC or LYRICS.'),
    status: z.string().describe('NOT_START, SUBMITTED, QUEUED, IN_PROGRESS, FAILURE, SUCCESS, UNKNOWN.'),
    fail_reason: z.string(),
    submit_time: int.describe('Epoch seconds.'),
    start_time: int.describe('Epoch seconds.'),
    finish_time: int.describe('Epoch seconds.'),
    progress: z.string(),
    properties: z.string().describe('JSON text.'),
    data: z.string().describe('The upstream record, JSON text.'),
  })
  .meta({ id: 'CreativeTask', description: 'A Suno task (docs/console.md#task-log).' });
export type TaskRecord = z.infer<typeof taskRecordSchema>;
