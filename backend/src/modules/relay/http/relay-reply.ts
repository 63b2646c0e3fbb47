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

/** How a client format renders relay errors: the whole body, and the last event of a broken stream. */
export interface ErrorFormat {
  body(err: RelayError, locale: Locale): object;
  streamEvent(err: RelayError, locale: Locale): string;
}

export const OPENAI_ERRORS: ErrorFormat = { body: relayErrorBody, streamEvent: streamErrorEvent };

/**
 * Answers an error in the client's format (OpenAI by default) whatever state the reply is in: normally through Fastify;
 * by hand when the reply was hijacked for a stream that never opened; as a final event when the
 * stream already started.
 */
export function sendRelayError(
  reply: FastifyReply,
  err: RelayError,
  locale: Locale,
  format: ErrorFormat = OPENAI_ERRORS,
): void {
  const raw = reply.raw;
  if (raw.destroyed || raw.writableEnded) return;
  if (raw.headersSent) {
    raw.end(format.streamEvent(err, locale));
    return;
  }
  const body = JSON.stringify(format.body(err, locale));
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
