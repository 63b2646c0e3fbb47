/** A stand-in for an upstream's image host: serves one tiny PNG at any path, over real HTTP. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A 1×1 red PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

export class ImageHostMock {
  private server?: Server;
  /** Paths requested, in order. */
  readonly requests: string[] = [];

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      this.requests.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': TINY_PNG.length });
      res.end(TINY_PNG);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
