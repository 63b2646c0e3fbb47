/**
 * What the console does with a failed call (docs/console-api.md). Pure, so the table is unit-tested.
 * 401 sends the user to the login page; 429/500/405 have fixed texts; anything else shows the
 * server's message. A 200 answer with success=false shows the server's message as it is.
 */
export type FailureAction =
  | { action: 'login' }
  | { action: 'toast'; level: 'error' | 'info'; key: string; params?: Record<string, string> }
  | { action: 'raw'; message: string };

export function classifyFailure(status: number, message?: string): FailureAction {
  if (status === 401) return { action: 'login' };
  if (status === 429) return { action: 'toast', level: 'error', key: 'error.too_many_requests' };
  if (status === 500) return { action: 'toast', level: 'error', key: 'error.server' };
  if (status === 405) return { action: 'toast', level: 'info', key: 'error.demo_site' };
  if (status >= 200 && status < 300) return { action: 'raw', message: message || 'error' };
  if (status === 0) return { action: 'toast', level: 'error', key: 'error.network' };
  return { action: 'toast', level: 'error', key: 'error.generic', params: { message: message || `HTTP ${status}` } };
}

/** Where a 401 sends the user; null when already on the login page (no redirect loop). */
export function loginRedirect(pathWithSearch: string): string | null {
  if (pathWithSearch === '/login' || pathWithSearch.startsWith('/login?')) return null;
  return `/login?expired=true&returnTo=${encodeURIComponent(pathWithSearch)}`;
}
