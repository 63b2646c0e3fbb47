import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpMock, type MockRequest } from './http-mock';

/**
 * Stands in for an operator's chat web app (the pages the `Chats` option links to): any path answers a
 * small HTML page naming the path, so a test sees which link a frame or a tab opened.
 */
export class ChatPageMock extends HttpMock {
  protected answer(_req: IncomingMessage, res: ServerResponse, r: MockRequest): void {
    const text = r.path.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>chat stand-in</title><p id="chat-stand-in">${text}</p>`);
  }
}
