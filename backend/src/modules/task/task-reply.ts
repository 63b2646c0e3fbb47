import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../common/http/app-error';
import { pickLocale, t } from '../../common/i18n/i18n';
import { RelayError } from '../relay/http/relay-error';
import { answered } from './task-trace';

/**
 * Errors of the task routes in new-api's task format: `{code, message, data: null}` with the HTTP
 * status. Anything that is not an application error is rethrown (the global filter answers 500).
 */
export function sendTaskError(req: FastifyRequest, reply: FastifyReply, err: unknown): void {
  if (!(err instanceof AppError)) throw err;
  const locale = pickLocale(req.headers['accept-language']);
  const code = err instanceof RelayError ? (err.code ?? err.type) : 'bad_request';
  const message =
    err instanceof RelayError && err.upstreamMessage ? err.upstreamMessage : t(err.key, locale, err.params);
  answered(reply, err.status, code);
  void reply.status(err.status).send({ code, message, data: null });
}
