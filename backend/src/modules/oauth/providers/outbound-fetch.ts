import type { OutboundClient } from '../../../common/net/outbound-client';

/** The fetch signature openid-client accepts as its customFetch. */
export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: unknown; signal?: AbortSignal },
) => Promise<Response>;

const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * openid-client's HTTP calls through the outbound client, so the OIDC endpoints an administrator
 * wrote are reached only on public addresses, checked again at connect time
 * (docs/security/options-and-outbound.md).
 */
export function outboundFetch(client: OutboundClient): FetchLike {
  return async (url, init) => {
    const method = init.method.toUpperCase();
    if (method !== 'GET' && method !== 'POST' && method !== 'PUT') throw new Error(`unsupported method ${method}`);
    const res = await client.fetch(url, {
      method,
      headers: init.headers,
      body: bodyText(init.body),
      signal: init.signal,
    });
    const headers = new Headers();
    for (const [k, v] of Object.entries(res.headers)) {
      if (Array.isArray(v)) v.forEach((one) => headers.append(k, one));
      else if (v !== undefined) headers.set(k, String(v));
    }
    return new Response(NO_BODY.has(res.status) ? null : new Uint8Array(res.body), { status: res.status, headers });
  };
}

function bodyText(body: unknown): string | Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof Uint8Array) return Buffer.from(body);
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  throw new Error('unsupported request body');
}
