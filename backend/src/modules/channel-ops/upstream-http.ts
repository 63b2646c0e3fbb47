import { request } from 'undici';
import { redact } from '../relay/http/relay-error';

const MAX_BODY = 1024 * 1024;

export interface HttpAnswer {
  status: number;
  contentType: string;
  body: Buffer;
}

/** One bounded upstream request for channel management (tests, balances, model lists). */
export async function upstreamRequest(
  url: string,
  init: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string | Buffer | null; timeoutMs: number },
): Promise<HttpAnswer> {
  const res = await request(url, {
    method: init.method ?? 'GET',
    headers: init.headers,
    body: init.body ?? null,
    headersTimeout: init.timeoutMs,
    bodyTimeout: init.timeoutMs,
    signal: AbortSignal.timeout(init.timeoutMs),
  });
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) {
      res.body.destroy();
      break;
    }
    chunks.push(chunk);
  }
  return { status: res.statusCode, contentType: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks) };
}

/** A short, key-free description of a failure (upstream bodies may echo the key). */
export function failureText(err: unknown, keys: readonly string[]): string {
  const e = err as { message?: string; code?: string; cause?: { code?: string } };
  const text = e?.code ?? e?.cause?.code ?? e?.message ?? String(err);
  return redact(String(text), keys).slice(0, 300);
}

/** The upstream's error message (OpenAI-style bodies), redacted and bounded. */
export function errorBodyText(status: number, body: Buffer, keys: readonly string[]): string {
  let msg = body.toString('utf8').slice(0, 2000);
  try {
    const j = JSON.parse(msg) as { error?: { message?: string } | string; message?: string };
    msg = (typeof j.error === 'string' ? j.error : j.error?.message) ?? j.message ?? msg;
  } catch {
    /* not JSON: keep the text */
  }
  return redact(`status ${status}: ${msg}`, keys).slice(0, 300);
}

/** Joins a base URL and a path without doubling slashes. */
export function joinUrl(base: string, path: string): string {
  return base.replace(/\/+$/, '') + path;
}
