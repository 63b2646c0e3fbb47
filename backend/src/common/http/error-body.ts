import { HttpException, Logger } from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import { t, pickLocale, type Locale } from '../i18n/i18n';
import type { MessageKey } from '../i18n/messages';
import { AppError } from './app-error';
import { anthropicErrorBody } from '../../providers/anthropic/error-body';
import { geminiErrorBody } from '../../providers/gemini/error-body';
import { isDatabaseDown } from './database-down';
import { isRelayPath, relayDialectOf } from './relay-paths';

// Kept importable from here; database-down.ts holds it without Nest (for pure code and its specs).
export { isDatabaseDown };

const logger = new Logger('Errors');

interface Resolved {
  status: number;
  key?: MessageKey;
  text?: string;
  params?: Record<string, string | number>;
}

/** Maps any thrown value to a status and a message; unexpected errors are logged, never echoed. */
function resolve(err: unknown): Resolved {
  if (err instanceof AppError) return { status: err.status, key: err.key, params: err.params };
  if (err instanceof ThrottlerException) return { status: 429, key: 'common.too_many_requests' };
  if (err instanceof HttpException) {
    const status = err.getStatus();
    const byStatus: Record<number, MessageKey> = {
      401: 'auth.not_logged_in',
      403: 'auth.forbidden',
      404: 'common.not_found',
      413: 'common.body_too_large',
      429: 'common.too_many_requests',
    };
    if (byStatus[status]) return { status, key: byStatus[status] };
    if (status === 400 && /JSON/i.test(err.message)) return { status, key: 'common.invalid_json' };
    return { status, text: err.message };
  }
  const fastify = err as { statusCode?: number; code?: string; message?: string };
  if (typeof fastify?.code === 'string' && fastify.code.startsWith('FST_')) {
    if (fastify.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fastify.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || /JSON/i.test(fastify.message ?? '')) {
      return { status: 400, key: 'common.invalid_json' };
    }
    if (fastify.statusCode === 413) return { status: 413, key: 'common.body_too_large' };
    if (fastify.statusCode && fastify.statusCode < 500) return { status: fastify.statusCode, text: fastify.message };
  }
  if (err instanceof SyntaxError && /JSON/.test(err.message)) return { status: 400, key: 'common.invalid_json' };
  if (isDatabaseDown(err)) return { status: 503, key: 'common.database_unavailable' };
  logger.error(err instanceof Error ? err.stack ?? err.message : String(err));
  return { status: 500, key: 'common.internal_error' };
}

export interface ErrorReply {
  status: number;
  body: unknown;
}

/**
 * The body for an error: on relay paths the error object of the path's client format (OpenAI,
 * Anthropic /v1/messages, Gemini /v1beta), the {success:false, message, data:null} envelope elsewhere.
 */
export function errorReply(err: unknown, url: string, acceptLanguage: string | string[] | undefined): ErrorReply {
  const r = resolve(err);
  const locale: Locale = pickLocale(acceptLanguage);
  const message = r.key ? t(r.key, locale, r.params) : (r.text ?? '');
  if (isRelayPath(url)) {
    const dialect = relayDialectOf(url);
    if (dialect === 'anthropic') return { status: r.status, body: anthropicErrorBody(r.status, message) };
    if (dialect === 'gemini') return { status: r.status, body: geminiErrorBody(r.status, message) };
    return {
      status: r.status,
      body: { error: { message, type: r.status >= 500 ? 'server_error' : 'invalid_request_error', param: null, code: r.key ?? null } },
    };
  }
  // `data` is always present (null) so clients reading `res.data.data` never meet undefined.
  return { status: r.status, body: { success: false, message, data: null } };
}
