import type { DrawingRecord, TaskRecord } from '@gw/shared';
import type { CreativeTaskEntity, DrawingTaskEntity } from '../../database/entities';

/**
 * A drawing row as the console sees it. Users do not see the channel. With `forwardImages` the image
 * is named by the gateway's own forward (`/mj/image/{mj_id}`), relative to the console's origin, so
 * the browser never fetches the upstream's URL (docs/console.md#drawing-log).
 */
export function toDrawingRecord(row: DrawingTaskEntity, forAdmin: boolean, forwardImages: boolean): DrawingRecord {
  const image = row.image_url ?? '';
  return {
    id: row.id,
    code: row.code,
    user_id: row.user_id,
    action: row.action,
    mj_id: row.mj_id,
    prompt: row.prompt ?? '',
    prompt_en: row.prompt_en ?? '',
    description: row.description ?? '',
    state: row.state,
    submit_time: Number(row.submit_time),
    start_time: Number(row.start_time),
    finish_time: Number(row.finish_time),
    image_url: image && forwardImages ? `/mj/image/${encodeURIComponent(row.mj_id)}` : image,
    status: row.status,
    progress: row.progress,
    fail_reason: row.fail_reason ?? '',
    channel_id: forAdmin ? row.channel_id : 0,
    quota: Number(row.quota),
    buttons: row.buttons ?? '',
    properties: row.properties ?? '',
  };
}

/** A task row as the console sees it. Users do not see the channel. */
export function toTaskRecord(row: CreativeTaskEntity, forAdmin: boolean): TaskRecord {
  return {
    id: row.id,
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
    task_id: row.task_id,
    platform: row.platform,
    user_id: row.user_id,
    channel_id: forAdmin ? row.channel_id : 0,
    quota: Number(row.quota),
    action: row.action,
    status: row.status,
    fail_reason: row.fail_reason ?? '',
    submit_time: Number(row.submit_time),
    start_time: Number(row.start_time),
    finish_time: Number(row.finish_time),
    progress: row.progress,
    properties: row.properties ?? '',
    data: row.data ?? '',
  };
}
