import type { UpstreamErrorInfo } from '../../../providers/provider';
import type { Settings } from '@gw/shared';
import { clientFacing, RelayError } from '../http/relay-error';
import { shuttingDown } from '../pipeline/relay-drain';
import { redact } from '../../upstream/secrets';
import type { StreamCutReason, StreamResult } from './stream-pipe';

/** HTTP statuses of the error types the formats name in their stream error events. */
const STATUS_BY_TYPE: Readonly<Record<string, number>> = {
  // Anthropic
  invalid_request_error: 400,
  authentication_error: 401,
  permission_error: 403,
  not_found_error: 404,
  request_too_large: 413,
  rate_limit_error: 429,
  api_error: 500,
  overloaded_error: 529,
  // google.rpc codes (Gemini)
  INVALID_ARGUMENT: 400,
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 403,
  NOT_FOUND: 404,
  RESOURCE_EXHAUSTED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  DEADLINE_EXCEEDED: 504,
  // OpenAI
  server_error: 500,
  insufficient_quota: 429,
};

/**
 * The HTTP status an in-stream error stands for: its code when that is one (Gemini sends 503), else
 * the status its type is answered with, else 502. Gemini clients need one (their SDK only raises
 * error elements whose code is an HTTP error status).
 */
export function streamErrorStatus(info: UpstreamErrorInfo): number {
  const code = Number(info.code);
  if (Number.isInteger(code) && code >= 400 && code < 600) return code;
  return STATUS_BY_TYPE[info.type] ?? 502;
}

/**
 * The error an upstream reported inside a stream, as the relay answers it: the upstream's type, code
 * and words with the call's secrets removed (`secrets`: callSecrets), like an upstream error answer.
 */
export function upstreamStreamError(info: UpstreamErrorInfo, secrets: readonly string[]): RelayError {
  const status = streamErrorStatus(info);
  return RelayError.upstream({
    status,
    upstreamStatus: status,
    code: info.code === null ? null : redact(info.code, secrets),
    type: redact(info.type, secrets),
    message: redact(info.message, secrets),
  });
}

/**
 * Why the relay cut a stream itself, as the client is told: a sensitive word in the output
 * (sensitive_words_detected, as for prompts), or a client too slow for StreamCacheQueueLength.
 */
export function streamCutError(reason: StreamCutReason): RelayError {
  if (reason === 'sensitive_words_detected')
    return RelayError.invalidRequest('relay.sensitive_words_output', 'sensitive_words_detected');
  return new RelayError({ key: 'relay.stream_queue_overflow', status: 503, code: 'stream_queue_overflow' });
}

/**
 * The error event that ends a stream broken after it opened: the upstream's own error (as the client
 * may see it), the relay's cut, the server's shutdown, or a broken upstream.
 */
export function streamEndError(
  r: StreamResult,
  settings: Pick<Settings, 'global.hide_upstream_error_enabled'>,
  shutdown: boolean,
  secrets: readonly string[],
): RelayError {
  if (r.upstreamError) return clientFacing(upstreamStreamError(r.upstreamError, secrets), settings);
  if (r.cut) return streamCutError(r.cut);
  if (shutdown) return shuttingDown();
  return RelayError.badGateway('relay.stream_interrupted', 'stream_interrupted');
}
