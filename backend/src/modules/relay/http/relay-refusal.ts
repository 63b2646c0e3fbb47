import type { FastifyReply, FastifyRequest } from 'fastify';
import { pickLocale } from '../../../common/i18n/i18n';
import { RelayTrace } from '../../tracing/relay-trace';
import type { RelayError } from './relay-error';
import { OPENAI_ERRORS, sendRelayError, type ErrorFormat } from './relay-reply';

/**
 * Answers a relay request refused outside the pipeline (the key check before a large body, unknown
 * paths, the key routes, Realtime before its upgrade) as the pipeline answers its own refusals: the
 * error in the client's format with `Server-Timing: gateway;dur=…`, and a relay span carrying the
 * error (docs/observability.md#traces-and-logs). `startedAt`: when the gateway took the request up.
 */
export function sendRelayRefusal(
  req: FastifyRequest,
  reply: FastifyReply,
  error: RelayError,
  format: ErrorFormat = OPENAI_ERRORS,
  startedAt?: number,
): void {
  const trace = RelayTrace.ensure(req, reply, startedAt);
  trace.failed(reply, error);
  sendRelayError(reply, error, pickLocale(req.headers['accept-language']), format);
  trace.ended(reply);
}
