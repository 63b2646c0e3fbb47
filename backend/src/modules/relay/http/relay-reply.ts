import type { FastifyReply } from 'fastify';
import type { Locale } from '../../../common/i18n/i18n';
import { relayErrorBody, type RelayError } from './relay-error';

/**
 * Writes a complete upstream answer straight to the socket: the relay sets no cookies and needs
 * none of Fastify's onSend work on its hot path.
 */
export function sendWhole(reply: FastifyReply, status: number, contentType: string, body: Buffer): void {
  reply.hijack();
  reply.raw.writeHead(status, { 'content-type': contentType, 'content-length': body.length });
  reply.raw.end(body);
}

/** The terminating SSE event of a stream that broke mid-way. */
export function streamErrorEvent(err: RelayError, locale: Locale): string {
  return `data: ${JSON.stringify(relayErrorBody(err, locale))}\n\n`;
}

/**
 * Answers an error in the OpenAI format whatever state the reply is in: normally through Fastify;
 * by hand when the reply was hijacked for a stream that never opened; as a final event when the
 * stream already started.
 */
export function sendRelayError(reply: FastifyReply, err: RelayError, locale: Locale): void {
  const raw = reply.raw;
  if (raw.destroyed || raw.writableEnded) return;
  if (raw.headersSent) {
    raw.end(streamErrorEvent(err, locale));
    return;
  }
  const body = JSON.stringify(relayErrorBody(err, locale));
  if (reply.sent) {
    raw.writeHead(err.status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    raw.end(body);
    return;
  }
  void reply
    .code(err.status)
    .header('content-type', 'application/json; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(body);
}
