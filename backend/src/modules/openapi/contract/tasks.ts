/** The asynchronous task relays: Suno and Midjourney (docs/tasks.md). */
import { z } from 'zod';
import type { Contract } from '../route-doc';

const tag = 'relay-tasks';

const sunoTask = z.looseObject({
  task_id: z.string(),
  action: z.string(),
  status: z.string(),
  fail_reason: z.string(),
  submit_time: z.number().int(),
  start_time: z.number().int(),
  finish_time: z.number().int(),
  progress: z.string(),
  data: z.unknown(),
});
const mjAnswer = z.looseObject({ code: z.number().int(), description: z.string(), result: z.unknown() });
const mjTask = z.looseObject({
  id: z.string(),
  action: z.string(),
  prompt: z.string(),
  status: z.string(),
  progress: z.string(),
  imageUrl: z.string(),
  failReason: z.string(),
  submitTime: z.number().int(),
  finishTime: z.number().int(),
  buttons: z.unknown(),
});
const answer = <T extends z.ZodType>(data: T) => z.object({ code: z.string(), message: z.string(), data });

export const taskRoutes: Contract = {
  'POST /suno/submit/:action': {
    tag,
    summary: 'Suno: submit a task (action music or lyrics; key as Bearer); priced per action, answers the task id',
    body: z.looseObject({ prompt: z.string().optional(), mv: z.string().optional(), tags: z.string().optional(), title: z.string().optional() }),
    response: answer(z.string()),
  },
  'POST /suno/fetch': {
    tag,
    summary: "Suno: the caller's tasks among the ids",
    body: z.object({ ids: z.array(z.string()).max(100), action: z.string().optional() }),
    response: answer(z.array(sunoTask)),
  },
  'GET /suno/fetch/:taskId': { tag, summary: "Suno: one of the caller's tasks", response: answer(sunoTask) },

  'POST /mj/submit/:kind': {
    tag,
    summary:
      'Midjourney: submit (kind imagine, change, simple-change, describe, blend, action, modal, shorten, swap-face, upload-discord-images; key as mj-api-secret or Bearer); priced per action',
    body: z.looseObject({ prompt: z.string().optional(), taskId: z.string().optional(), customId: z.string().optional() }),
    response: mjAnswer,
  },
  'GET /mj/task/:taskId/fetch': { tag, summary: "Midjourney: one of the caller's tasks", response: mjTask },
  'POST /mj/task/list-by-condition': {
    tag,
    summary: "Midjourney: the caller's tasks among the ids",
    body: z.looseObject({ ids: z.array(z.string()).max(100) }),
    response: z.array(mjTask),
  },
  'GET /mj/task/:taskId/image-seed': { tag, summary: "Midjourney: the seed of one of the caller's images, from the task's channel", response: mjAnswer },
  'GET /mj/image/:taskId': { tag, summary: "Midjourney: a task's image through the gateway (MjForwardUrlEnabled), from the task's own channel", response: 'text' },
};
