/** The usage-log calls: admins read /api/log/, everyone else /api/log/self/. */
import type { LogRecord, LogStat, UserView } from '@gw/shared';
import { api, toListResult, withQuery, type ListResult } from '@gw/web';

type Query = Record<string, string | number | undefined>;

export async function listLogs(admin: boolean, q: Query, page: number, pageSize: number): Promise<ListResult<LogRecord>> {
  return toListResult<LogRecord>(await api.get<unknown>(withQuery(admin ? '/api/log/' : '/api/log/self/', { ...q, p: page - 1, page_size: pageSize })));
}

export async function logStat(admin: boolean, q: Query): Promise<LogStat> {
  const s = await api.get<Partial<LogStat> | null>(withQuery(admin ? '/api/log/stat' : '/api/log/self/stat', q), { quiet: true });
  return { quota: Number(s?.quota) || 0, rpm: Number(s?.rpm) || 0, tpm: Number(s?.tpm) || 0, prompt_tokens: s?.prompt_tokens, completion_tokens: s?.completion_tokens };
}

export const userInfo = (id: number) => api.get<UserView>(`/api/user/${id}`);
