import type { AccessTokenSource } from '../../providers/provider';
import {
  createJwtAssertion,
  parseTokenResponse,
  type ServiceAccountKey,
  tokenRequest,
} from '../../providers/vertex/service-account';
import { redact } from './secrets';

/** The part of `fetch` the cache uses (injected, so specs run without a network). */
export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string; signal: AbortSignal },
) => Promise<{ ok: boolean; status: number; text(): Promise<string> }>;

export interface TokenCacheOptions {
  fetch?: FetchLike;
  /** Milliseconds since the epoch. */
  now?: () => number;
  /** One exchange may take this long, whoever waits for it. */
  timeoutMs?: number;
}

interface Cached {
  accessToken: string;
  /** Unix seconds; already shortened by parseTokenResponse's safety margin. */
  expiresAt: number;
}

/** Rejects when `signal` aborts; the shared promise itself keeps running for the other waiters. */
function waitFor<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason ?? new Error('aborted'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason ?? new Error('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * OAuth access tokens of Google service accounts (jwt-bearer grant), cached per service account until
 * shortly before they expire. Single-flight: concurrent requests for one account share one exchange;
 * a failed exchange is not cached (the next request tries again). One per process (UpstreamModule),
 * shared by the relay and channel management.
 */
export class AccessTokenCache implements AccessTokenSource {
  private readonly tokens = new Map<string, Cached>();
  private readonly pending = new Map<string, Promise<Cached>>();
  private readonly fetch: FetchLike;
  private readonly now: () => number;
  private readonly timeoutMs: number;

  constructor(opts: TokenCacheOptions = {}) {
    this.fetch = opts.fetch ?? (fetch as unknown as FetchLike);
    this.now = opts.now ?? Date.now;
    this.timeoutMs = opts.timeoutMs ?? 15_000;
  }

  async token(key: ServiceAccountKey, signal?: AbortSignal): Promise<string> {
    const id = `${key.client_email}\n${key.private_key_id ?? ''}\n${key.token_uri}`;
    const hit = this.tokens.get(id);
    if (hit && hit.expiresAt > this.now() / 1000) return hit.accessToken;
    let flight = this.pending.get(id);
    if (!flight) {
      flight = this.exchange(key).then(
        (t) => {
          this.tokens.set(id, t);
          this.pending.delete(id);
          return t;
        },
        (err: unknown) => {
          this.pending.delete(id);
          throw err;
        },
      );
      this.pending.set(id, flight);
    }
    return (await waitFor(flight, signal)).accessToken;
  }

  private async exchange(key: ServiceAccountKey): Promise<Cached> {
    const nowSec = this.now() / 1000;
    const assertion = createJwtAssertion(key, nowSec);
    const req = tokenRequest(key, assertion);
    const res = await this.fetch(req.url, {
      method: 'POST',
      headers: req.headers,
      body: req.body,
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const text = await res.text();
    // The signed assertion is a credential for an hour: its signature never leaves in an error text.
    const signature = assertion.split('.')[2] ?? assertion;
    if (!res.ok) throw new Error(`token endpoint answered ${res.status}: ${redact(text, [signature]).slice(0, 200)}`);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new Error('token endpoint answered no JSON');
    }
    return parseTokenResponse(json, nowSec);
  }
}
