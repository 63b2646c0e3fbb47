/**
 * An upstream that refuses every call with 401 and echoes the credentials it received (every
 * credential header and the query string) in its error message, the way misconfigured gateways and
 * some providers have done. The gateway must keep that text away from clients, log lines and log
 * rows. The error body fits every format the adaptors read (OpenAI, Anthropic, Gemini, Azure, Ollama).
 * Its OAuth token endpoint (`POST /token`) hands out `accessToken`, so a Vertex service account whose
 * token_uri points here sends that token on; `POST /token-refused` refuses the grant, echoing the signed
 * assertion (itself a credential for an hour). A path or model containing "bad-answer" gets a 200 that
 * is not JSON, echoing the same; one containing "cut-answer" gets a 200 whose error message puts the
 * key just across the point where the gateway cuts upstream messages, so scrubbing after the cut would
 * leave its first characters. Every request is recorded.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpMock, type MockRequest } from './http-mock';

const CREDENTIAL_HEADERS = ['authorization', 'x-api-key', 'x-goog-api-key', 'api-key', 'x-amz-security-token'];
/** Where the gateway cuts an upstream error message (backend/src/providers/shared/bad-answer.ts). */
const MESSAGE_CUT = 1000;

export class LeakyMock extends HttpMock {
  constructor(readonly accessToken: string) {
    super();
  }

  /** The signed JWT assertions `/token-refused` received (and echoed). */
  get refusedAssertions(): string[] {
    return this.requests.filter((r) => r.path === '/token-refused').map((r) => String(r.body?.assertion ?? ''));
  }

  /** Everything the mock echoed so far (to check the markers really travelled upstream). */
  get echoed(): string {
    return this.requests.map((r) => echoOf(r.headers, r.path)).join('\n');
  }

  protected answer(req: IncomingMessage, res: ServerResponse, { path, raw }: MockRequest): void {
    if (path === '/token') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ access_token: this.accessToken, expires_in: 3600, token_type: 'Bearer' }));
      return;
    }
    if (path === '/token-refused') {
      res.writeHead(400, { 'content-type': 'application/json' });
      const assertion = new URLSearchParams(raw.toString()).get('assertion') ?? '';
      const description = `Bad signature ${assertion.split('.')[2]} of ${raw.toString()}`;
      res.end(JSON.stringify({ error: 'invalid_grant', error_description: description }));
      return;
    }
    const echo = echoOf(req.headers, path);
    if (raw.toString().includes('cut-answer')) {
      const key = String(req.headers.authorization ?? req.headers['x-api-key'] ?? '').replace(/^Bearer\s+/i, '');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `${'x'.repeat(MESSAGE_CUT - 20)}${key}`, type: 'invalid_request_error' } }));
      return;
    }
    if (path.includes('bad-answer') || raw.toString().includes('bad-answer')) {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<html><body>Sign in again. You sent ${echo}</body></html>`);
      return;
    }
    res.writeHead(401, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        type: 'error',
        error: {
          type: 'authentication_error',
          code: 'invalid_api_key',
          status: 'UNAUTHENTICATED',
          message: `Incorrect API key provided. You sent ${echo}`,
        },
        message: echo,
      }),
    );
  }
}

function echoOf(headers: IncomingMessage['headers'], path: string): string {
  const sent = CREDENTIAL_HEADERS.filter((h) => headers[h] !== undefined).map((h) => `${h}: ${String(headers[h])}`);
  return `${sent.join('; ')} to ${path}`;
}
