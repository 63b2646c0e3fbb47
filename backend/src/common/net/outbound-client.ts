import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { checkOutboundUrl, isPublicAddress, type AddressPolicy } from '@gw/shared';
import { Agent, buildConnector, request, type Dispatcher } from 'undici';

/**
 * The one HTTP client for URLs that users control (webhooks, the proxy worker, OIDC, remote images).
 * Channel upstream calls do not use it: channel base URLs are set by root and may be local.
 *
 * Every hop is checked twice (docs/security/options-and-outbound.md): its URL by the written-value
 * rule (http(s), no credentials, no internal name or address in any spelling), and, when the socket
 * connects, every address its name resolves to. The connection goes to the address that was checked,
 * so a name that answers differently the second time (DNS rebinding) gains nothing. Redirects are
 * followed by hand, a bounded number of times, each target checked like the first URL.
 */

export type OutboundFailure = 'refused' | 'too_many_redirects' | 'too_large';

export class OutboundError extends Error {
  constructor(
    readonly reason: OutboundFailure,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

export interface OutboundOptions {
  /** Which addresses may be reached; public unicast only unless a test or an allow list says more. */
  readonly allow?: AddressPolicy;
  /** Name resolution (node:dns lookup by default; tests inject their own). */
  readonly lookup?: LookupFunction;
  readonly maxRedirects?: number;
  readonly connectTimeoutMs?: number;
  /** Whole exchange, redirects included. */
  readonly timeoutMs?: number;
  /** Largest response body kept; a bigger one fails with `too_large`. */
  readonly maxBytes?: number;
}

export interface OutboundRequest {
  readonly method?: 'GET' | 'POST' | 'PUT';
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string | Buffer;
  readonly signal?: AbortSignal;
}

export interface OutboundResponse {
  readonly status: number;
  readonly headers: Dispatcher.ResponseData['headers'];
  readonly body: Buffer;
  /** Where the answer came from, after redirects. */
  readonly url: string;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Headers that must not follow a redirect to another origin. */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

/**
 * A `lookup` for sockets that resolves every address of a name and refuses the connection when any
 * of them is not allowed (a name answering both a public and a private address is refused).
 */
export function guardedLookup(
  allow: AddressPolicy,
  base: LookupFunction = dnsLookup as LookupFunction,
): LookupFunction {
  return (hostname, options, callback) => {
    const all: LookupAllOptions = { ...options, all: true };
    base(hostname, all, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as unknown as LookupAddress[];
      const bad = list.find((a) => !allow(a.address));
      if (bad || list.length === 0) {
        const why = bad ? `${hostname} resolves to ${bad.address}` : `${hostname} has no address`;
        return callback(new OutboundError('refused', why), '', 0);
      }
      if (options.all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      else callback(null, list[0].address, list[0].family);
    });
  };
}

export class OutboundClient {
  private readonly allow: AddressPolicy;
  private readonly agent: Agent;
  private readonly maxRedirects: number;
  private readonly timeoutMs: number;
  private readonly maxBytes: number;

  constructor(o: OutboundOptions = {}) {
    this.allow = o.allow ?? isPublicAddress;
    this.maxRedirects = o.maxRedirects ?? 3;
    this.timeoutMs = o.timeoutMs ?? 10_000;
    this.maxBytes = o.maxBytes ?? 1024 * 1024;
    const connector = buildConnector({
      timeout: o.connectTimeoutMs ?? 5_000,
      lookup: guardedLookup(this.allow, o.lookup),
    });
    this.agent = new Agent({
      // An address literal skips `lookup`: it is checked here, at the socket, all the same.
      connect: (opts, callback) => {
        const host = opts.hostname.replace(/^\[(.*)\]$/, '$1');
        if (isIP(host) && !this.allow(host)) {
          callback(new OutboundError('refused', `${host} is not a public address`), null);
          return;
        }
        connector(opts, callback);
      },
    });
  }

  /** Sends one request, following redirects; the body is read whole up to `maxBytes`. */
  async fetch(url: string, init: OutboundRequest = {}): Promise<OutboundResponse> {
    const signals = [AbortSignal.timeout(this.timeoutMs), ...(init.signal ? [init.signal] : [])];
    const signal = AbortSignal.any(signals);
    let current = url;
    let method: NonNullable<OutboundRequest['method']> = init.method ?? 'GET';
    let body = init.body;
    let headers: Record<string, string> = { ...init.headers };
    for (let hop = 0; ; hop++) {
      const problem = checkOutboundUrl(current, this.allow);
      if (problem) throw new OutboundError('refused', `${current}: ${problem}`);
      const res = await request(current, { dispatcher: this.agent, method, headers, body, signal });
      const location = res.headers.location;
      if (!REDIRECTS.has(res.statusCode) || typeof location !== 'string') {
        return { status: res.statusCode, headers: res.headers, body: await this.read(res), url: current };
      }
      await res.body.dump();
      if (hop >= this.maxRedirects)
        throw new OutboundError('too_many_redirects', `more than ${this.maxRedirects} redirects`);
      const next = new URL(location, current);
      if (next.origin !== new URL(current).origin) {
        headers = Object.fromEntries(
          Object.entries(headers).filter(([k]) => !CREDENTIAL_HEADERS.includes(k.toLowerCase())),
        );
      }
      // 303, and 301/302 after a POST, continue as GET without the body (as browsers do).
      if (res.statusCode === 303 || ((res.statusCode === 301 || res.statusCode === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
        headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !/^content-(type|length)$/i.test(k)));
      }
      current = next.toString();
    }
  }

  close(): Promise<void> {
    return this.agent.close();
  }

  private async read(res: Dispatcher.ResponseData): Promise<Buffer> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > this.maxBytes) {
        res.body.destroy();
        throw new OutboundError('too_large', `response larger than ${this.maxBytes} bytes`);
      }
      chunks.push(chunk);
    }
    return Buffer.concat(chunks);
  }
}
