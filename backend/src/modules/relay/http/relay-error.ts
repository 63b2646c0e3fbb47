import type { Settings } from '@gw/shared';
import { AppError } from '../../../common/http/app-error';
import { isDatabaseDown } from '../../../common/http/database-down';
import { t, type Locale, type MessageParams } from '../../../common/i18n/i18n';
import type { MessageKey } from '../../../common/i18n/messages';

/** OpenAI `type` values the relay answers with. */
export type RelayErrorType =
  'invalid_request_error' | 'insufficient_quota' | 'rate_limit_error' | 'upstream_error' | 'server_error';

export interface RelayErrorInit {
  readonly key: MessageKey;
  readonly status: number;
  /** OpenAI-style error code, or null. */
  readonly code: string | null;
  /** OpenAI `type`; by default server_error for 5xx, invalid_request_error otherwise. */
  readonly type?: RelayErrorType | string;
  readonly params?: MessageParams;
  /** The upstream's own (redacted) words, answered instead of the localised message. */
  readonly upstreamMessage?: string;
  /** The request field at fault (OpenAI `param`). */
  readonly param?: string;
}

/**
 * A relay failure answered in the OpenAI error object. `code` follows OpenAI's codes where one exists
 * (invalid_api_key, model_not_found, insufficient_quota, rate_limit_exceeded...). An upstream error
 * carries the upstream's (redacted) message in `upstreamMessage` instead of a localised one. Callers
 * use the named factories below; each fixes the status (and type) its kind of failure answers with.
 */
export class RelayError extends AppError {
  readonly code: string | null;
  readonly type: RelayErrorType | string;
  readonly upstreamMessage?: string;
  readonly param?: string;

  constructor(init: RelayErrorInit) {
    super(init.key, init.status, init.params);
    this.code = init.code;
    this.type = init.type ?? (init.status >= 500 ? 'server_error' : 'invalid_request_error');
    this.upstreamMessage = init.upstreamMessage;
    this.param = init.param;
  }

  /** 400: the request itself is unusable. */
  static invalidRequest(key: MessageKey, code: string, params?: MessageParams): RelayError {
    return new RelayError({ key, status: 400, code, params });
  }

  /** 401: no key, or not one of ours. */
  static unauthenticated(key: MessageKey): RelayError {
    return new RelayError({ key, status: 401, code: 'invalid_api_key' });
  }

  /** 403: the caller may not do this (model, group, IP, pin, banned or disabled token...). */
  static denied(key: MessageKey, code: string, params?: MessageParams): RelayError {
    return new RelayError({ key, status: 403, code, params });
  }

  /** 403 insufficient_quota: the user's or the token's quota cannot cover the request. */
  static quotaExhausted(key: MessageKey): RelayError {
    return new RelayError({ key, status: 403, code: 'insufficient_quota', type: 'insufficient_quota' });
  }

  /** 404 for a path no relay route serves. */
  static routeNotFound(): RelayError {
    return new RelayError({ key: 'common.not_found', status: 404, code: 'not_found' });
  }

  /** 404 for a model the caller cannot see. */
  static unknownModel(model: string): RelayError {
    return new RelayError({ key: 'relay.model_not_found', status: 404, code: 'model_not_found', params: { model } });
  }

  /** 429: a request or per-model rate limit. */
  static rateLimited(key: MessageKey, params?: MessageParams): RelayError {
    return new RelayError({ key, status: 429, code: 'rate_limit_exceeded', type: 'rate_limit_error', params });
  }

  /** 501 for an OpenAI path the gateway knows but does not serve. */
  static unsupportedPath(): RelayError {
    return new RelayError({
      key: 'relay.unsupported_path',
      status: 501,
      code: 'not_implemented',
      type: 'invalid_request_error',
    });
  }

  /** 500: an unexpected failure (the cause is logged, not answered). */
  static internal(): RelayError {
    return new RelayError({ key: 'common.internal_error', status: 500, code: 'internal_error' });
  }

  /** 503: the gateway cannot serve now (database lost, shutting down). */
  static unavailable(key: MessageKey, code: string): RelayError {
    return new RelayError({ key, status: 503, code });
  }

  /** 503: no enabled channel serves the model in the caller's group. */
  static noChannel(group: string, model: string): RelayError {
    return new RelayError({
      key: 'relay.no_channel',
      status: 503,
      code: 'model_not_available',
      params: { group, model },
    });
  }

  /** 502: the upstream could not be used (unreachable, misconfigured, too large, cut stream). */
  static badGateway(key: MessageKey, code: string, params?: MessageParams): RelayError {
    return new RelayError({ key, status: 502, code, params });
  }

  /** 504: the upstream did not answer in time. */
  static upstreamTimeout(): RelayError {
    return new RelayError({ key: 'relay.upstream_timeout', status: 504, code: 'timeout' });
  }

  /**
   * The upstream's own error: `status` as answered to the client (after the channel's status code
   * mapping), `upstreamStatus` as the upstream sent it, `message` its redacted words.
   */
  static upstream(init: {
    status: number;
    upstreamStatus: number;
    code: string | null;
    type: string;
    message: string;
  }): RelayError {
    return new RelayError({
      key: 'relay.upstream_error',
      status: init.status,
      code: init.code,
      type: init.type,
      params: { status: init.upstreamStatus },
      upstreamMessage: init.message,
    });
  }
}

/**
 * A thrown value as the relay answers it: a RelayError as it is, a lost database as 503 (never
 * 401/403); null for anything else (unexpected: the caller logs it and answers 500).
 */
export function relayErrorOf(err: unknown): RelayError | null {
  if (err instanceof RelayError) return err;
  if (isDatabaseDown(err)) return RelayError.unavailable('common.database_unavailable', 'database_unavailable');
  return null;
}

/**
 * The error as the client may see it: with global.hide_upstream_error_enabled the upstream's own
 * words (which can name the provider, account or internal details) give way to the localised
 * "upstream failed (status N)"; logs keep the original.
 */
export function clientFacing(
  err: RelayError,
  settings: Pick<Settings, 'global.hide_upstream_error_enabled'>,
): RelayError {
  if (err.upstreamMessage === undefined || !settings['global.hide_upstream_error_enabled']) return err;
  return new RelayError({ key: err.key, status: err.status, code: null, type: 'upstream_error', params: err.params });
}

export interface OpenAIErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

export function relayErrorBody(err: RelayError, locale: Locale): OpenAIErrorBody {
  return {
    error: {
      message: err.upstreamMessage ?? t(err.key, locale, err.params),
      type: err.type,
      param: err.param ?? null,
      code: err.code,
    },
  };
}
