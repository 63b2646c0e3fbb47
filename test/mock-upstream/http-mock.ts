import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as every mock records it: the whole body, and its parsed form (JSON or URL-encoded). */
export interface MockRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  raw: Buffer;
  body: any;
}

function parse(raw: Buffer, contentType: string): unknown {
  if (!raw.length) return null;
  if (/x-www-form-urlencoded/.test(contentType)) return Object.fromEntries(new URLSearchParams(raw.toString()));
  if (/json/.test(contentType)) return JSON.parse(raw.toString());
  return null;
}

/** A loopback HTTP server for tests: records every request, then lets the subclass answer it. */
export abstract class HttpMock {
  readonly requests: MockRequest[] = [];
  private server!: Server;

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.receive(req, res));
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    return this.url;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((r) => this.server.close(r));
  }

  protected abstract answer(req: IncomingMessage, res: ServerResponse, r: MockRequest): void | Promise<void>;

  private async receive(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks);
    const r: MockRequest = {
      method: req.method ?? '',
      path: req.url ?? '',
      headers: req.headers,
      raw,
      body: parse(raw, req.headers['content-type'] ?? ''),
    };
    this.requests.push(r);
    await this.answer(req, res, r);
  }
}
