/** An upstream answer: HTTP status and parsed JSON (null when the body was not JSON). */
export interface UpstreamAnswer {
  status: number;
  body: unknown;
}

const MAX_BODY = 4 * 1024 * 1024;

/**
 * One JSON call to a task upstream (the channel's base URL, set by an administrator). Throws on a
 * network failure or timeout; a non-JSON body answers `body: null`.
 */
export async function callUpstream(
  url: string,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: unknown; timeoutMs: number },
): Promise<UpstreamAnswer> {
  const res = await fetch(url, {
    method: init.method,
    headers: { accept: 'application/json', ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
    signal: AbortSignal.timeout(init.timeoutMs),
    redirect: 'error',
  });
  const text = await res.text();
  if (text.length > MAX_BODY) return { status: res.status, body: null };
  try {
    return { status: res.status, body: JSON.parse(text) as unknown };
  } catch {
    return { status: res.status, body: null };
  }
}
