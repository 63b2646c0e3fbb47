import { Message } from '@arco-design/web-react';
import type { ApiEnvelope } from '@gw/shared';
import { currentLang, tr } from '../i18n';
import { getStoredUser } from '../store/user';
import { navigate } from '../navigation';
import { classifyFailure, loginRedirect } from './errors';

export interface RequestOptions {
  /** Do not show a toast; the caller handles the error itself. */
  quiet?: boolean;
  /** A 401 is an answer, not an expired session (the login call itself). */
  noAuthRedirect?: boolean;
  /** Answer this value instead of an error when the endpoint does not exist (yet). */
  on404?: unknown;
  /** Answer the whole envelope instead of `data` (calls that put fields beside it, e.g. a channel test's `time`). */
  envelope?: boolean;
  signal?: AbortSignal;
}

/** A failed call; `message` is the server's text (or the local one). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

function headers(hasBody: boolean): Record<string, string> {
  const h: Record<string, string> = {
    'Cache-Control': 'no-store',
    'Accept-Language': currentLang() === 'en' ? 'en' : 'zh-CN,zh;q=0.9',
  };
  const user = getStoredUser();
  if (user) h['New-Api-User'] = String(user.id);
  if (hasBody) h['Content-Type'] = 'application/json';
  return h;
}

function report(status: number, message: string, opts: RequestOptions): void {
  const failure = classifyFailure(status, message);
  if (failure.action === 'login') {
    if (opts.noAuthRedirect) {
      if (!opts.quiet) Message.error(message || tr('error.expired'));
      return;
    }
    // The stored user is never cleared here: the login page forgets it when it opens with
    // expired=true. Clearing it earlier re-renders the page being left, whose login guard then
    // replaces this redirect with one without `expired` — which is what a second 401 did, arriving
    // while the router was still on its way to /login (loginRedirect answers null then).
    const target = loginRedirect(window.location.pathname + window.location.search);
    if (target) navigate(target);
    return;
  }
  if (opts.quiet) return;
  if (failure.action === 'raw') Message.error(failure.message);
  else if (failure.level === 'info') Message.info(tr(failure.key, failure.params));
  else Message.error(tr(failure.key, failure.params));
}

/** One call to /api: returns `data` of a successful envelope, otherwise reports and throws ApiError. */
export async function request<T>(method: string, url: string, body?: unknown, opts: RequestOptions = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: headers(body !== undefined),
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal: opts.signal,
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    report(0, '', opts);
    throw new ApiError(tr('error.network'), 0);
  }
  if (res.status === 404 && 'on404' in opts) return opts.on404 as T;
  let envelope: ApiEnvelope<T> | undefined;
  try {
    envelope = (await res.json()) as ApiEnvelope<T>;
  } catch {
    envelope = undefined;
  }
  if (res.ok && envelope?.success) return (opts.envelope ? envelope : envelope.data) as T;
  const message = envelope?.message ?? '';
  report(res.status, message, opts);
  throw new ApiError(message || `HTTP ${res.status}`, res.status);
}

export const api = {
  get: <T>(url: string, opts?: RequestOptions) => request<T>('GET', url, undefined, opts),
  post: <T>(url: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', url, body ?? {}, opts),
  put: <T>(url: string, body?: unknown, opts?: RequestOptions) => request<T>('PUT', url, body ?? {}, opts),
  del: <T>(url: string, opts?: RequestOptions) => request<T>('DELETE', url, undefined, opts),
};

/** Builds `path?a=1&b=x` from the defined values, URL-encoded. */
export function withQuery(path: string, query: Record<string, string | number | boolean | undefined | null>): string {
  const qs = Object.entries(query)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');
  return qs ? `${path}?${qs}` : path;
}
