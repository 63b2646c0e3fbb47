import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/** The response header naming a relay request (new-api's name; also logs.request_id). */
export const REQUEST_ID_HEADER = 'x-oneapi-request-id';

/** Gives the request its id, sent with whatever the response turns out to be. */
export function assignRequestId(reply: FastifyReply): string {
  const id = randomUUID().replace(/-/g, '');
  reply.raw.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

export function requestIdOf(reply: FastifyReply): string {
  const id = reply.raw.getHeader(REQUEST_ID_HEADER);
  return typeof id === 'string' ? id : assignRequestId(reply);
}
