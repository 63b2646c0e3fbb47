/** The channel calls (docs/console-api.md). Endpoints that are not there yet answer empty lists, never crash a page. */
import type { ChannelKeyStatusPage, ChannelListItem, ChannelRecord, MultiKeyAction, MultiKeyMode } from '@gw/shared';
import { api, toListResult, withQuery, type ListResult } from '@gw/web';
import type { ChannelPayload } from './channel-form';
import type { TagEditPayload } from './tag-edit';

export interface ChannelQuery {
  keyword: string;
  group: string;
  model: string;
}

export const EMPTY_QUERY: ChannelQuery = { keyword: '', group: '', model: '' };

interface ListOptions {
  query: ChannelQuery;
  /** From 1. */
  page: number;
  pageSize: number;
  idSort: boolean;
  tagMode: boolean;
}

/** GET /api/channel/ or /api/channel/search (server paging; a bare list is paged locally). */
export async function listChannels(o: ListOptions): Promise<ListResult<ChannelListItem>> {
  const common = { p: o.page - 1, page_size: o.pageSize, id_sort: o.idSort, tag_mode: o.tagMode };
  const searching = o.query.keyword || o.query.group || o.query.model;
  const url = searching
    ? withQuery('/api/channel/search', { ...o.query, ...common })
    : withQuery('/api/channel/', common);
  return toListResult<ChannelListItem>(await api.get<unknown>(url));
}

/** A test answer: success, message and the time in seconds (beside `data` or inside it). */
export interface TestResult {
  success: boolean;
  message: string;
  time: number;
}

type Envelope = { success: boolean; message: string; data?: unknown; time?: number; balance?: number };
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : Number(v) || 0);
const field = (e: Envelope, name: 'time' | 'balance') => {
  if (e[name] !== undefined) return num(e[name]);
  const d = e.data as Record<string, unknown> | number | undefined;
  return typeof d === 'object' && d ? num(d[name]) : num(d);
};
const count = (d: unknown) => (typeof d === 'number' ? d : num((d as { count?: unknown } | null)?.count));

export const channelApi = {
  /** Without the key. Quiet: callers say "channel not found" themselves. */
  get: (id: number) => api.get<ChannelRecord>(`/api/channel/${id}`, { quiet: true }),
  create: (p: ChannelPayload) => api.post<ChannelRecord>('/api/channel/', p),
  /** Server-side copy: same upstream and key (the console never holds the key). */
  copy: (id: number, name: string) => api.post<ChannelRecord>(`/api/channel/copy/${id}`, { name }),
  /** Root only: the stored key, on an explicit "reveal" (never part of GET). Quiet: the editor reports failures. */
  revealKey: async (id: number) =>
    (await api.post<{ key: string }>(`/api/channel/${id}/key`, undefined, { quiet: true })).key,
  update: (patch: Partial<ChannelPayload> & { id: number; status?: number; multi_key_mode?: MultiKeyMode }) =>
    api.put<ChannelRecord>('/api/channel/', patch),
  remove: (id: number) => api.del(`/api/channel/${id}/`),
  /** Key states of a multi-key channel (masked keys), after the given action (docs/channel-types.md#multi-key-channels). */
  manageKeys: (channelId: number, action: MultiKeyAction, keyIndex?: number) =>
    api.post<ChannelKeyStatusPage>('/api/channel/multi_key/manage', {
      channel_id: channelId,
      action,
      key_index: keyIndex,
      page_size: 100,
    }),
  /** Quiet: the caller shows the outcome (with the time). */
  async test(id: number, model?: string): Promise<TestResult> {
    const e = await api.get<Envelope>(withQuery(`/api/channel/test/${id}`, { model: model || undefined }), {
      envelope: true,
      quiet: true,
    });
    return { success: true, message: e.message, time: field(e, 'time') };
  },
  testAll: () => api.get('/api/channel/test'),
  async updateBalance(id: number): Promise<number> {
    return field(await api.get<Envelope>(`/api/channel/update_balance/${id}/`, { envelope: true }), 'balance');
  },
  updateAllBalances: () => api.get('/api/channel/update_balance'),
  deleteDisabled: async () => count(await api.del<unknown>('/api/channel/disabled')),
  batchDelete: async (ids: number[]) => count(await api.post<unknown>('/api/channel/batch', { ids })),
  fix: async () => count(await api.post<unknown>('/api/channel/fix')),
  editTag: (p: TagEditPayload) => api.put('/api/channel/tag', p),
  enableTag: (tag: string) => api.post('/api/channel/tag/enabled', { tag }),
  disableTag: (tag: string) => api.post('/api/channel/tag/disabled', { tag }),
  batchTag: (ids: number[], tag: string) => api.post('/api/channel/batch/tag', { ids, tag }),
  /**
   * Root only (the body names the address). Quiet: the editor reports "failed to fetch model list" with
   * the server's reason. `other` and `openai_organization` as on the channel (Azure api-version, Vertex region...).
   */
  fetchModels: (body: { base_url: string; type: number; key: string; other?: string; openai_organization?: string }) =>
    api.post<unknown>('/api/channel/fetch_models', body, { quiet: true }),
  fetchModelsOf: (id: number) => api.get<unknown>(`/api/channel/fetch_models/${id}`, { quiet: true }),
};

const names = (d: unknown): string[] =>
  Array.isArray(d)
    ? d.map((m) => (typeof m === 'string' ? m : String((m as { id?: unknown })?.id ?? ''))).filter(Boolean)
    : [];

/** Model names to pick from: enabled models plus the model catalogue (either may be missing). */
export async function loadModelOptions(): Promise<string[]> {
  const [enabled, all] = await Promise.all([
    api.get<unknown>('/api/channel/models_enabled', { quiet: true }).catch(() => []),
    api.get<unknown>('/api/channel/models', { quiet: true }).catch(() => []),
  ]);
  return [...new Set([...names(enabled), ...names(all)])].sort();
}

/** GET /api/models: channel type → its models (for "fill related models"). */
export async function loadTypeModels(): Promise<Record<string, string[]>> {
  const d = await api.get<unknown>('/api/models', { quiet: true }).catch(() => null);
  return d && typeof d === 'object' && !Array.isArray(d) ? (d as Record<string, string[]>) : {};
}

export async function loadGroups(): Promise<string[]> {
  const d = await api.get<unknown>('/api/group/', { quiet: true }).catch(() => []);
  return Array.isArray(d) ? d.map(String) : [];
}
