import { request as httpRequest } from 'node:http';
import { contractProblem } from './contract-check';
/**
 * A small HTTP client with a cookie jar, speaking to the running app like the console would: after a
 * successful sign-in it sends `New-Api-User` with the signed-in user's id on every call, as the console
 * does (session calls without it are refused; docs/security/sessions.md). Every /api answer is checked
 * against the published contract (contract-check.ts): a mismatch fails the call.
 */
export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** streamUpload: how much of the body is sent before it waits for an early answer, and how long. */
const HOLD_AT = 1024 * 1024;
const HOLD_MS = 10_000;

export class ApiClient {
  private cookies = new Map<string, string>();
  readonly headers: Record<string, string> = {};

  constructor(readonly baseUrl: string) {}

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, undefined, headers);
  }
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body, headers);
  }
  put<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PUT', path, body, headers);
  }
  delete<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('DELETE', path, undefined, headers);
  }

  /**
   * Sends a body the server may refuse before reading it (413): the answer is taken even when the
   * server closes the connection while the body is still being written (fetch would fail on EPIPE).
   */
  upload(method: string, path: string, body: string): Promise<{ status: number; body: any }> {
    const headers: Record<string, string | number> = {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
    };
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    Object.assign(headers, this.headers);
    return new Promise((resolve, reject) => {
      let answered = false;
      const req = httpRequest(this.baseUrl + path, { method, headers }, (res) => {
        answered = true;
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const answer = { status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null };
          const problem = contractProblem(method, path, answer.status, answer.body);
          if (problem) reject(new Error(problem));
          else resolve(answer);
        });
        res.on('error', reject);
      });
      req.on('error', (err) => {
        if (!answered) reject(err);
      });
      req.end(body);
    });
  }

  /**
   * Streams a JSON body of `totalBytes` (`{"<field>":"xxx…"}`) in 16 KB writes, with a Content-Length
   * header or, with `chunked`, without one (Transfer-Encoding: chunked). Writes wait for the socket
   * to drain and stop as soon as the answer arrives; `written` is how much of the body had been
   * handed over by then. After the first HOLD_AT bytes the upload pauses for up to HOLD_MS: the
   * kernel's socket buffers can take a whole 30 MB body (tcp_rmem grows to 32 MB on Linux), so
   * only a pause tells "answered before the rest of the body" from "read it all, then answered" on
   * a slow machine. A server that refuses a body before buffering it answers while
   * `written < totalBytes`. Sends this client's headers (New-Api-User once signed in) and `headers`.
   */
  streamUpload(
    method: string,
    path: string,
    opts: { totalBytes: number; chunked?: boolean; field?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any; written: number; totalBytes: number }> {
    const head = Buffer.from(`{"${opts.field ?? 'username'}":"`);
    const tail = Buffer.from('"}');
    const filler = Buffer.alloc(16 * 1024, 'x');
    const headers: Record<string, string | number> = {
      'content-type': 'application/json',
      ...this.headers,
      ...opts.headers,
    };
    if (!opts.chunked) headers['content-length'] = opts.totalBytes;
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    return new Promise((resolve, reject) => {
      let answered = false;
      let written = 0;
      let wake: (() => void) | undefined;
      const req = httpRequest(this.baseUrl + path, { method, headers }, (res) => {
        answered = true;
        wake?.();
        const at = written;
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        const done = () => {
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : null;
          } catch {
            /* cut short or not JSON */
          }
          resolve({ status: res.statusCode ?? 0, body, written: at, totalBytes: opts.totalBytes });
          req.destroy();
        };
        res.on('end', done);
        res.on('error', done);
      });
      req.on('error', (err) => {
        if (!answered) reject(err);
      });
      req.on('drain', () => wake?.());
      const answerOrTimeout = async () => {
        const until = Date.now() + HOLD_MS;
        while (!answered && !req.destroyed && Date.now() < until) {
          await new Promise<void>((r) => {
            const timer = setTimeout(r, until - Date.now());
            wake = () => {
              clearTimeout(timer);
              r();
            };
          });
        }
      };
      const pump = async () => {
        const send = (buf: Buffer) => {
          written += buf.length;
          return req.write(buf);
        };
        if (!send(head)) await new Promise<void>((r) => (wake = r));
        const fill = opts.totalBytes - head.length - tail.length;
        for (let sent = 0; sent < fill && !answered && !req.destroyed; sent += filler.length) {
          const piece = fill - sent < filler.length ? filler.subarray(0, fill - sent) : filler;
          if (!send(piece)) await new Promise<void>((r) => (wake = r));
          if (written >= HOLD_AT && written - piece.length < HOLD_AT) await answerOrTimeout();
        }
        if (answered || req.destroyed) return;
        written += tail.length;
        req.end(tail);
      };
      void pump();
    });
  }

  /** Sends a raw string body (e.g. malformed JSON). */
  raw<T = any>(method: string, path: string, body: string, headers: Record<string, string> = {}) {
    return this.request<T>(method, path, body, { 'content-type': 'application/json', ...headers }, true);
  }

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
    rawBody = false,
  ): Promise<ApiResponse<T>> {
    const h: Record<string, string> = { ...this.headers, ...headers };
    if (this.cookies.size) h.cookie = this.cookieHeader();
    if (body !== undefined && !rawBody) h['content-type'] = 'application/json';
    const res = await fetch(this.baseUrl + path, {
      method,
      headers: h,
      body: body === undefined ? undefined : rawBody ? (body as string) : JSON.stringify(body),
    });
    this.keepCookies(res);
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    const problem = contractProblem(method, path, res.status, parsed);
    if (problem) throw new Error(problem);
    const signedIn = (parsed as { success?: boolean; data?: { id?: unknown } } | undefined)?.data?.id;
    if (
      method === 'POST' &&
      path.split('?')[0] === '/api/user/login' &&
      res.status === 200 &&
      typeof signedIn === 'number'
    ) {
      this.headers['new-api-user'] = String(signedIn);
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  /**
   * A GET as a browser navigation sends it (cookies and this client's headers), without following a
   * redirect: the status and Location, keeping any cookies set.
   */
  async navigate(path: string): Promise<{ status: number; location: string | null; body: string }> {
    const h: Record<string, string> = { ...this.headers };
    if (this.cookies.size) h.cookie = this.cookieHeader();
    const res = await fetch(this.baseUrl + path, { headers: h, redirect: 'manual' });
    this.keepCookies(res);
    return { status: res.status, location: res.headers.get('location'), body: await res.text() };
  }

  /** Cookie names this client holds. */
  cookieNames(): string[] {
    return [...this.cookies.keys()];
  }

  /** Forgets a cookie (as another browser would not have it). */
  dropCookie(name: string): void {
    this.cookies.delete(name);
  }

  private keepCookies(res: Response): void {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i);
      const value = pair.slice(i + 1);
      if (value === '' || /max-age=0|expires=Thu, 01 Jan 1970/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  hasSession(): boolean {
    return this.cookies.has('session');
  }

  /** The `Cookie` header this client sends ('' when it has none), for requests made without it. */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** What the console sends on a session call: the cookie and New-Api-User (for raw fetch calls). */
  sessionHeaders(): Record<string, string> {
    const h: Record<string, string> = { cookie: this.cookieHeader() };
    if (this.headers['new-api-user']) h['new-api-user'] = this.headers['new-api-user'];
    return h;
  }
}
