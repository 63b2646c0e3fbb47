import { isRelayPath } from '../../common/http/relay-paths';

export type BudgetName = 'api' | 'web';

/** A path naming a file (name.ext): scripts, styles, images; console pages have none. */
const FILE = /\.[a-z0-9]{1,5}$/i;
const PROBES = new Set(['/healthz', '/readyz']);

/**
 * Which per-IP budget a request spends: 'api' for /api/*; 'web' for a console page load, i.e. a
 * GET for the HTML shell ('/', '/index.html' or a client-side route); none for everything else:
 * the relay (its own per-token and per-user limits), script chunks and other static files (one page
 * load fetches dozens), the remotes and health probes.
 * It runs for every request, relay ones included: a few string comparisons, nothing allocated for
 * a relay POST.
 */
export function budgetOf(method: string, url: string): BudgetName | null {
  if (url.startsWith('/api') && (url.length === 4 || url[4] === '/' || url[4] === '?')) return 'api';
  if (method !== 'GET' && method !== 'HEAD') return null;
  if (isRelayPath(url)) return null;
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  if (path === '/index.html') return 'web';
  if (FILE.test(path) || path.startsWith('/remotes/') || PROBES.has(path)) return null;
  return 'web';
}
