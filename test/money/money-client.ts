/**
 * The client side of the money tests: relay calls that record what the client saw — the response's
 * `x-oneapi-request-id` and whether the answer arrived whole (JSON body parsed, or a stream up to its
 * terminal event) — which is what the ledger invariant holds the gateway to.
 */
import type { DeliveredResponse } from '../support/ledger-invariant';

export interface CallResult {
  status: number;
  requestId?: string;
  /** The client has the whole answer. */
  complete: boolean;
  /** Parsed JSON body (whole answers and errors). */
  body?: any;
  /** Raw text received (streams). */
  text: string;
  /** Network error or abort, if any. */
  error?: string;
}

export interface CallOptions {
  /** Abort the stream after this many SSE events (client walks away mid-stream). */
  abortAfterEvents?: number;
  /** Hard limit for the whole call. */
  timeoutMs?: number;
  headers?: Record<string, string>;
  /** Terminal event of the stream format (OpenAI `data: [DONE]`, Anthropic `message_stop`). */
  terminal?: RegExp;
}

const DONE = /^data: \[DONE\]\s*$/m;

/** POSTs `body` as JSON to `url` with a Bearer key (or other headers) and reads the answer as a client would. */
export async function relayCall(
  url: string,
  key: string | null,
  body: unknown,
  o: CallOptions = {},
): Promise<CallResult> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(new Error('call timeout')), o.timeoutMs ?? 20_000);
  const headers: Record<string, string> = { 'content-type': 'application/json', ...o.headers };
  if (key) headers.authorization = `Bearer ${key}`;
  let status = 0;
  let requestId: string | undefined;
  let text = '';
  try {
    const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body), signal: abort.signal });
    status = res.status;
    requestId = res.headers.get('x-oneapi-request-id') ?? undefined;
    const isStream = /event-stream/.test(res.headers.get('content-type') ?? '');
    if (!isStream) {
      text = await res.text();
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return { status, requestId, complete: false, text };
      }
      const ok = status === 200 && typeof parsed === 'object' && parsed !== null && !('error' in parsed);
      return { status, requestId, complete: ok, body: parsed, text };
    }
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (o.abortAfterEvents !== undefined && text.split('\n\n').length - 1 >= o.abortAfterEvents) {
        abort.abort(new Error('client walked away'));
        await reader.cancel().catch(() => undefined);
        return { status, requestId, complete: false, text, error: 'aborted by client' };
      }
    }
    return { status, requestId, complete: status === 200 && (o.terminal ?? DONE).test(text), text };
  } catch (err) {
    return { status, requestId, complete: false, text, error: String(err) };
  } finally {
    clearTimeout(timer);
  }
}

/** What the invariant needs from a call made by `userId`. */
export function delivery(userId: number, r: CallResult): DeliveredResponse[] {
  return r.complete ? [{ userId, requestId: r.requestId }] : [];
}

/** A small seeded generator (mulberry32): the same seed replays the same choices. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
