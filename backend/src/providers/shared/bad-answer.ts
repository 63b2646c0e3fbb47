import type { UpstreamErrorInfo } from '../provider';

/**
 * Success statuses that carry no answer (pure): such a response fails the attempt (502, refunded,
 * counted against the channel, retried elsewhere) instead of being forwarded and billed.
 */

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

const MAX_MESSAGE = 1000;
/** Where the formats put their results: an answer that has any is not an error. */
const RESULT_FIELDS = ['choices', 'data', 'output', 'content', 'candidates', 'message', 'results', 'embeddings'];

export const NOT_JSON: UpstreamErrorInfo = Object.freeze({
  message: 'the upstream answered with a body that is not valid JSON',
  type: 'upstream_error',
  code: 'bad_response_body',
});

const nonEmpty = (v: unknown): boolean =>
  Array.isArray(v) ? v.length > 0 : isObj(v) ? Object.keys(v).length > 0 : typeof v === 'string' && v !== '';

/**
 * The error a parsed answer carries instead of results: `{"error":{…}}` (OpenAI, Gemini), Anthropic's
 * `{"type":"error","error":{…}}`, a failed Responses object, or `{"error":"…"}`. Undefined otherwise.
 */
export function errorInAnswer(obj: unknown): UpstreamErrorInfo | undefined {
  if (!isObj(obj)) return undefined;
  const err = obj.error;
  if (!(isObj(err) || (typeof err === 'string' && err))) return undefined;
  if (RESULT_FIELDS.some((f) => nonEmpty(obj[f]))) return undefined;
  if (typeof err === 'string') return { message: err.slice(0, MAX_MESSAGE), type: 'upstream_error', code: null };
  const message = typeof err.message === 'string' && err.message ? err.message : JSON.stringify(err);
  const code = typeof err.code === 'string' || typeof err.code === 'number' ? String(err.code) : null;
  return {
    message: message.slice(0, MAX_MESSAGE),
    type: typeof err.type === 'string' ? err.type : typeof err.status === 'string' ? err.status : 'upstream_error',
    code,
  };
}
