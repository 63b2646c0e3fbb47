/** Why an upstream call failed before a response could be used. */
export type UpstreamFailureKind = 'connect' | 'timeout' | 'reset' | 'aborted';

const CONNECT = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);
const TIMEOUT = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/** Pure: maps an undici / socket error to a failure kind. */
export function classifyUpstreamError(err: unknown): UpstreamFailureKind {
  const e = err as { code?: string; name?: string; cause?: { code?: string } };
  const code = e?.code ?? e?.cause?.code ?? '';
  if (code === 'UND_ERR_ABORTED' || e?.name === 'AbortError') return 'aborted';
  if (CONNECT.has(code)) return 'connect';
  if (TIMEOUT.has(code)) return 'timeout';
  return 'reset';
}
