import type { Settings } from '@gw/shared';
import { AppError } from '../../../common/http/app-error';
import { isDatabaseDown } from '../../../common/http/database-down';
import { t, type Locale, type MessageParams } from '../../../common/i18n/i18n';
import type { MessageKey } from '../../../common/i18n/messages';

/** OpenAI `type` values the relay answers with. */
export type RelayErrorType =
  'invalid_request_error' | 'insufficient_quota' | 'rate_limit_error' | 'upstream_error' | 'server_error';

/**
 * A relay failure answered in the OpenAI error object. `code` follows OpenAI's codes where one exists
 * (invalid_api_key, model_not_found, insufficient_quota, rate_limit_exceeded...). An upstream error
 * carries the upstream's (redacted) message in `upstreamMessage` instead of a localised one.
 */
export class RelayError extends AppError {
  constructor(
    key: MessageKey,
    status: number,
    readonly code: string | null,
    readonly type: RelayErrorType | string = status >= 500 ? 'server_error' : 'invalid_request_error',
    params?: MessageParams,
    readonly upstreamMessage?: string,
  ) {
    super(key, status, params);
  }

  static of(key: MessageKey, status: number, code: string | null, params?: MessageParams): RelayError {
    return new RelayError(key, status, code, undefined, params);
  }
}

/**
 * A thrown value as the relay answers it: a RelayError as it is, a lost database as 503 (never
 * 401/403); null for anything else (unexpected: the caller logs it and answers 500).
 */
export function relayErrorOf(err: unknown): RelayError | null {
  if (err instanceof RelayError) return err;
  if (isDatabaseDown(err)) return RelayError.of('common.database_unavailable', 503, 'database_unavailable');
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
  return new RelayError(err.key, err.status, null, 'upstream_error', err.params);
}

export interface OpenAIErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

export function relayErrorBody(err: RelayError, locale: Locale): OpenAIErrorBody {
  return {
    error: {
      message: err.upstreamMessage ?? t(err.key, locale, err.params),
      type: err.type,
      param: null,
      code: err.code,
    },
  };
}
