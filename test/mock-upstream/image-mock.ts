/** A stand-in for an upstream's image host: serves one tiny PNG at any path (but the two below), over real HTTP. */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A 1×1 red PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

/** Paths answered otherwise: an image of 21 MB (streamed), and an HTML page. */
export const OVERSIZE_PATH = '/oversize';
export const NOT_IMAGE_PATH = '/not-image';
const OVERSIZE_BYTES = 21 * 1024 * 1024;

function oversize(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'image/png', 'content-length': OVERSIZE_BYTES });
  const chunk = Buffer.alloc(1024 * 1024);
  let sent = 0;
  const more = (): void => {
    while (sent < OVERSIZE_BYTES) {
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', more);
    }
    res.end();
  };
  res.on('error', () => undefined);
  more();
}

export class ImageHostMock {
  private server?: Server;
  /** Paths requested, in order. */
  readonly requests: string[] = [];

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      this.requests.push(req.url ?? '');
      if (req.url?.startsWith(OVERSIZE_PATH)) return oversize(res);
      if (req.url?.startsWith(NOT_IMAGE_PATH)) {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<html>not an image</html>');
      }
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
