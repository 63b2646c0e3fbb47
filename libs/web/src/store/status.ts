import type { ServerStatus } from '@gw/shared';
import { api } from '../api/client';
import { createStore, readJson } from './create-store';

export const STATUS_KEY = 'status';
export const COLLAPSE_KEY = 'default_collapse_sidebar';

/** The public server status, kept locally so pages render before it is re-read. */
export const statusStore = createStore<Partial<ServerStatus> | null>(() => readJson<ServerStatus>(STATUS_KEY));

export const useStatus = (): Partial<ServerStatus> => statusStore.use() ?? {};
export const getStatus = (): Partial<ServerStatus> => statusStore.get() ?? {};

/** Reads GET /api/status and mirrors the flags other pages read into their local keys. */
export async function loadStatus(): Promise<ServerStatus> {
  const s = await api.get<ServerStatus>('/api/status', { quiet: true });
  localStorage.setItem(STATUS_KEY, JSON.stringify(s));
  localStorage.setItem('footer_html', s.footer_html ?? '');
  localStorage.setItem('chats', JSON.stringify(s.chats ?? []));
  localStorage.setItem('enable_data_export', String(!!s.enable_data_export));
  localStorage.setItem('enable_drawing', String(!!s.enable_drawing));
  localStorage.setItem('enable_task', String(!!s.enable_task));
  localStorage.setItem('mj_notify_enabled', String(!!s.mj_notify_enabled));
  // The operator's default applies until the user collapses or expands the sidebar themselves.
  if (localStorage.getItem(COLLAPSE_KEY) === null) localStorage.setItem(COLLAPSE_KEY, String(!!s.default_collapse_sidebar));
  statusStore.set(s);
  return s;
}

/** Quota display settings from the status (fallback 500000 per unit; docs/billing.md#units). */
export function quotaDisplay(s: Partial<ServerStatus> = getStatus()) {
  return { displayInCurrency: s.display_in_currency ?? true, quotaPerUnit: s.quota_per_unit || 500000 };
}
