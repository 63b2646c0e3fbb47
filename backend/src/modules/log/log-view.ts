import type { LogRecord } from '@gw/shared';
import type { LogEntity } from '../../database/entities';

/** A log row as the console sees it: the shared wire type (docs/console.md#usage-log). */
export type LogView = LogRecord;

/** Admins see everything; users do not see channels or the admin part of `other`. */
export function toLogView(row: LogEntity, forAdmin: boolean): LogView {
  const view: LogView = {
    id: row.id,
    created_at: row.created_at,
    type: row.type,
    content: row.content ?? '',
    user_id: row.user_id,
    username: row.username,
    token_name: row.token_name,
    model_name: row.model_name,
    quota: row.quota,
    prompt_tokens: row.prompt_tokens,
    completion_tokens: row.completion_tokens,
    use_time: row.use_time,
    is_stream: Boolean(row.is_stream),
    channel: row.channel_id,
    channel_name: row.channel_name,
    group: row.group,
    other: row.other ?? '',
  };
  if (!forAdmin) {
    view.channel = 0;
    view.channel_name = '';
    view.other = stripAdminInfo(view.other);
  }
  return view;
}

function stripAdminInfo(other: string): string {
  if (!other.includes('admin_info')) return other;
  try {
    const parsed = JSON.parse(other) as Record<string, unknown>;
    delete parsed.admin_info;
    return JSON.stringify(parsed);
  } catch {
    return '';
  }
}
