import { request } from 'undici';
import type { AdaptorTarget, ProtocolAdaptor, RelayAdaptor } from '../../providers/provider';
import { redact, redactBody } from './secrets';

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
  return {
    status: res.statusCode,
    contentType: String(res.headers['content-type'] ?? ''),
    body: Buffer.concat(chunks),
  };
}

/** A short, key-free description of a failure (upstream bodies may echo the key). */
export function failureText(err: unknown, keys: readonly string[]): string {
  const e = err as { message?: string; code?: string; cause?: { code?: string } };
  const text = e?.code ?? e?.cause?.code ?? e?.message ?? String(err);
  return redact(String(text), keys).slice(0, 300);
}

/** The upstream's own error message, as the channel type's adaptor reads it; redacted and bounded. */
export function upstreamErrorText(
  adaptor: RelayAdaptor,
  status: number,
  body: Buffer,
  secrets: readonly string[],
): string {
  const message = adaptor.readError(status, redactBody(body, secrets)).message;
  return `${redact(message, secrets).slice(0, 300)} (status ${status})`;
}

/**
 * The target with the adaptor's credentials prepared (Vertex: an access token) for a management call;
 * the credential it adds joins `secrets`, so error texts never carry it.
 */
export async function preparedTarget(
  adaptor: Pick<ProtocolAdaptor, 'prepare'>,
  target: AdaptorTarget,
  secrets: string[],
  timeoutMs: number,
): Promise<AdaptorTarget> {
  if (!adaptor.prepare) return target;
  const ready = await adaptor.prepare(target, AbortSignal.timeout(timeoutMs));
  if (ready.credential) secrets.push(ready.credential);
  return ready;
}
