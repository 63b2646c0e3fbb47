import type { AdaptorTarget, ModelListing, UpstreamCall } from '../provider';

/** Helpers for the adaptors' model listings (channel "fetch models"); pure. */

/** `base` + `path` without doubling the slash between them (the base URL may carry a path). */
export function joinUrl(base: string, path: string): string {
  return base.replace(/\/+$/, '') + path;
}

/** A bodiless GET of a full URL (query included). */
export function getCall(url: string, headers: Readonly<Record<string, string>>): UpstreamCall {
  const u = new URL(url);
  return {
    origin: u.origin,
    path: u.pathname + u.search,
    method: 'GET',
    headers: { accept: 'application/json', ...headers },
    body: null,
  };
}

/** A listing whose answer is JSON; `read` throws on a body that is not JSON (the caller reports it). */
export function jsonListing(
  call: (target: AdaptorTarget) => UpstreamCall,
  ids: (json: unknown) => string[],
): ModelListing {
  return { call, read: (body: Buffer) => ids(JSON.parse(body.toString('utf8'))) };
}

/** `{"data": [{"id": ...}]}`: OpenAI, Anthropic GET /v1/models, and the OpenAI-compatible family. */
export function modelIdsFromDataList(list: unknown): string[] {
  const data = (list as { data?: unknown } | null)?.data;
  return Array.isArray(data)
    ? data.map((m) => (m as { id?: unknown })?.id).filter((id): id is string => typeof id === 'string' && !!id)
    : [];
}
