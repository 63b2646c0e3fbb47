import type { Dispatcher } from 'undici';
import type { ProtocolAdaptor, UpstreamErrorInfo } from '../../../providers/provider';
import { readBody } from '../../upstream/upstream-client.service';
import { redact, redactBody } from '../../upstream/secrets';
import { RelayError } from '../http/relay-error';
import type { RelayChannel } from '../routing/relay-channel';

/** A failed attempt: nothing reached the client. */
export interface AttemptFailure {
  readonly kind: 'failure';
  readonly error: RelayError;
  readonly retryable: boolean;
  /** Upstream HTTP status; null for network faults. */
  readonly status: number | null;
  /** Redacted upstream message (auto-disable keywords, logs). */
  readonly message: string;
  /** Position of the channel key the attempt used (null when none was usable). */
  readonly keyIndex?: number | null;
}

const MAX_ERROR_BODY = 64 * 1024;

/** Client faults are answered as they are; everything else may work on another channel. */
const NOT_RETRYABLE = new Set([400, 409, 413, 415, 422]);

export function failure(error: RelayError, status: number | null, message: string, retryable = true): AttemptFailure {
  return { kind: 'failure', error, retryable, status, message };
}

/** `secrets`: what the error text must not carry (callSecrets). */
export async function upstreamFailure(
  channel: RelayChannel,
  adaptor: ProtocolAdaptor,
  res: Dispatcher.ResponseData,
  secrets: readonly string[],
): Promise<AttemptFailure> {
  let body: Buffer = Buffer.alloc(0);
  try {
    body = (await readBody(res, MAX_ERROR_BODY)).data;
  } catch {
    /* the status is enough */
  }
  const info = adaptor.readError(res.statusCode, redactBody(body, secrets));
  const message = redact(info.message, secrets);
  const status = channel.statusCodeMapping[String(res.statusCode)] ?? res.statusCode;
  const error = RelayError.upstream({
    status,
    upstreamStatus: res.statusCode,
    code: info.code,
    type: info.type,
    message,
  });
  return { kind: 'failure', error, retryable: !NOT_RETRYABLE.has(res.statusCode), status: res.statusCode, message };
}

/**
 * A success status without an answer (not JSON, or an error object): 502 with the upstream's
 * redacted words, retryable, counted against the channel like any upstream error.
 */
export function badAnswer(status: number, info: UpstreamErrorInfo, secrets: readonly string[]): AttemptFailure {
  const message = redact(info.message, secrets);
  const error = RelayError.upstream({
    status: 502,
    upstreamStatus: 502,
    code: info.code ?? 'bad_response_body',
    type: info.type,
    message,
  });
  return { kind: 'failure', error, retryable: true, status, message };
}
