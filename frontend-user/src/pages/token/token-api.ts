/** The token calls (docs/console-api.md). */
import type { TokenRecord, UserGroupMap } from '@gw/shared';
import { api, toListResult, withQuery, type ListResult } from '@gw/web';
import type { tokenPayload } from './token-helpers';

export type TokenPayload = ReturnType<typeof tokenPayload>;

export interface TokenQuery {
  keyword: string;
  token: string;
}

/** GET /api/token/?p=&size= or /api/token/search?keyword=&token= (a bare list is paged locally). */
export async function listTokens(q: TokenQuery, page: number, size: number): Promise<ListResult<TokenRecord>> {
  const paging = { p: page - 1, size, page_size: size };
  const url = q.keyword || q.token ? withQuery('/api/token/search', { keyword: q.keyword, token: q.token, ...paging }) : withQuery('/api/token/', paging);
  return toListResult<TokenRecord>(await api.get<unknown>(url));
}

export const tokenApi = {
  get: (id: number) => api.get<TokenRecord>(`/api/token/${id}`),
  create: (p: TokenPayload) => api.post<TokenRecord>('/api/token/', p),
  update: (p: Partial<TokenPayload> & { id: number }) => api.put<TokenRecord>('/api/token/', p),
  setStatus: (id: number, status: number) => api.put<TokenRecord>('/api/token/?status_only=true', { id, status }),
  remove: (id: number) => api.del(`/api/token/${id}/`),
};

/** Model names for the model-limits picker (GET /api/user/models); empty when unavailable. */
export async function loadUserModels(): Promise<string[]> {
  const d = await api.get<unknown>('/api/user/models', { quiet: true }).catch(() => []);
  return Array.isArray(d) ? d.map(String) : [];
}

/** The caller's selectable groups (GET /api/user/self/groups); empty when none are offered. */
export async function loadUserGroups(): Promise<UserGroupMap> {
  const d = await api.get<unknown>('/api/user/self/groups', { quiet: true }).catch(() => ({}));
  return d && typeof d === 'object' && !Array.isArray(d) ? (d as UserGroupMap) : {};
}
