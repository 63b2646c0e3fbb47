import { openAICompatibleUrl, type OpenAICompatibleConfig } from '../openai-compatible';
import type {
  BuildInput,
  ModelListing,
  ProtocolAdaptor,
  ReadInput,
  ReadResult,
  RelayMode,
  UpstreamCall,
  UpstreamErrorInfo,
} from '../provider';
import { errorInAnswer, NOT_JSON } from '../shared/bad-answer';
import { editJsonSource, type SourceEdits } from '../shared/json-text';
import { getCall, jsonListing, modelIdsFromDataList } from '../shared/model-listing';
import { boundaryOf, replaceField } from '../shared/multipart';
import { isObj, responseText, usageFromText, usageOf } from '../shared/openai-usage';
import { openAIStreamConverter } from './stream';

const ENDPOINT: Record<RelayMode, string> = {
  chat: '/chat/completions',
  completions: '/completions',
  embeddings: '/embeddings',
  moderations: '/moderations',
  'images.generations': '/images/generations',
  'images.edits': '/images/edits',
  'audio.speech': '/audio/speech',
  'audio.transcriptions': '/audio/transcriptions',
  'audio.translations': '/audio/translations',
  rerank: '/rerank',
  responses: '/responses',
};

const USAGE_STREAM_MODES = new Set<RelayMode>(['chat', 'completions']);
const MAX_ERROR_MESSAGE = 1000;

function target(config: OpenAICompatibleConfig, baseUrl: string, mode: RelayMode): { origin: string; path: string } {
  const url = new URL(openAICompatibleUrl(config, baseUrl, `/v1${ENDPOINT[mode]}`));
  return { origin: url.origin, path: url.pathname + url.search };
}

function buildCall(config: OpenAICompatibleConfig, input: BuildInput): UpstreamCall {
  const { mode, body, upstreamModel, stream, target: t } = input;
  const headers: Record<string, string> = { authorization: `Bearer ${t.key}` };
  if (t.organization) headers['openai-organization'] = t.organization;
  const url = target(config, t.baseUrl, mode);
  if (body.kind === 'multipart') {
    const boundary = boundaryOf(body.contentType);
    headers['content-type'] = body.contentType;
    return {
      ...url,
      method: 'POST',
      headers,
      body: boundary ? replaceField(body.raw, boundary, 'model', upstreamModel) : body.raw,
    };
  }
  headers['content-type'] = 'application/json';
  const sameModel = body.json.model === upstreamModel;
  if (input.settings['global.pass_through_request_enabled']) {
    // Pass-through: the client's body as it came, but for a mapped model name (no usage request, no
    // param_override); a stream without usage is then counted locally.
    const text = clientText(body, sameModel ? {} : { model: upstreamModel });
    return {
      ...url,
      method: 'POST',
      headers,
      body: text ?? JSON.stringify(sameModel ? body.json : { ...body.json, model: upstreamModel }),
    };
  }
  const opts = isObj(body.json.stream_options) ? body.json.stream_options : {};
  const addUsage =
    stream && USAGE_STREAM_MODES.has(mode) && config.streamUsage !== false && opts.include_usage !== true;
  // Without an override, the client's bytes go with at most the model and the usage request edited in;
  // a `stream_options` of the client's that lacks include_usage is merged, so the body is serialised.
  if (!t.paramOverride && !(addUsage && 'stream_options' in body.json)) {
    const text = clientText(body, { model: sameModel ? undefined : upstreamModel, streamUsage: addUsage });
    if (text !== undefined) return { ...url, method: 'POST', headers, body: text };
  }
  const out: Record<string, unknown> = { ...body.json, model: upstreamModel };
  if (addUsage) out.stream_options = { ...opts, include_usage: true };
  if (t.paramOverride) Object.assign(out, t.paramOverride);
  return { ...url, method: 'POST', headers, body: JSON.stringify(out) };
}

/** The client's text of a JSON body with `edits` made in place, when it has its text and they can be. */
function clientText(body: { source?: string }, edits: SourceEdits): string | undefined {
  return body.source === undefined ? undefined : editJsonSource(body.source, edits);
}

/** Modes whose answers may be something other than JSON (audio bytes; text, SRT or VTT transcripts). */
const NON_JSON_MODES = new Set<RelayMode>(['audio.speech', 'audio.transcriptions', 'audio.translations']);

/** A JSON object's text: starts with `{` and ends with `}` (whitespace aside); truncated bodies do not. */
function looksWhole(text: string): boolean {
  const start = text.search(/\S/);
  return start !== -1 && text.charCodeAt(start) === 123 /* { */ && /}\s*$/.test(text);
}

function readResponse({ mode, body, contentType, wantText = false }: ReadInput): ReadResult {
  if (!/json/i.test(contentType) && NON_JSON_MODES.has(mode)) {
    // Binary audio, or text/srt/vtt transcriptions: passed through; text counted when it is text.
    const text = /^text\//i.test(contentType) ? body.toString('utf8') : null;
    return { body, contentType, usage: null, outputText: text };
  }
  const text = body.toString('utf8');
  // The usual case (usage present) needs only the usage object; the rest passes through untouched.
  const quick = looksWhole(text) ? usageFromText(text) : undefined;
  if (quick && !wantText) return { body, contentType, usage: quick, outputText: null };
  let obj: unknown;
  try {
    obj = JSON.parse(text);
  } catch {
    return { body, contentType, usage: null, outputText: null, error: NOT_JSON };
  }
  const error = errorInAnswer(obj);
  if (error) return { body, contentType, usage: null, outputText: null, error };
  const usage = usageOf(obj);
  return { body, contentType, usage, outputText: usage && !wantText ? null : responseText(obj) };
}

/** Reads an upstream error body of any shape: {error:{message,type,code}}, {message}, or text. */
export function readOpenAIError(status: number, body: Buffer): UpstreamErrorInfo {
  const text = body.toString('utf8');
  let message = text.trim();
  let type = 'upstream_error';
  let code: string | null = null;
  try {
    const obj: unknown = JSON.parse(text);
    const err = isObj(obj) && isObj(obj.error) ? obj.error : isObj(obj) ? obj : {};
    if (typeof err.message === 'string') message = err.message;
    else if (isObj(obj) && typeof obj.error === 'string') message = obj.error;
    if (typeof err.type === 'string') type = err.type;
    if (typeof err.code === 'string' || typeof err.code === 'number') code = String(err.code);
  } catch {
    /* not JSON: keep the text */
  }
  return { message: (message || `status ${status}`).slice(0, MAX_ERROR_MESSAGE), type, code };
}

/** `{"data":[{"id"}]}` (OpenAI and most of the family) or a bare array of such entries or names. */
export function openAIModelIds(json: unknown): string[] {
  if (!Array.isArray(json)) return modelIdsFromDataList(json);
  return modelIdsFromDataList({ data: json.map((m: unknown) => (typeof m === 'string' ? { id: m } : m)) });
}

/** GET {base}{prefix}/models with the Bearer key (and organization, as the chat call sends it). */
function modelListing(config: OpenAICompatibleConfig): ModelListing {
  return jsonListing((t) => {
    const headers: Record<string, string> = { authorization: `Bearer ${t.key}` };
    if (t.organization) headers['openai-organization'] = t.organization;
    return getCall(openAICompatibleUrl(config, t.baseUrl, '/v1/models'), headers);
  }, openAIModelIds);
}

/** The shared adaptor of every provider speaking the OpenAI wire format, configured by its openai-compatible.ts row. */
export function openAIAdaptor(config: OpenAICompatibleConfig): ProtocolAdaptor {
  return Object.freeze({
    ...(config.fullUrl ? {} : { models: modelListing(config) }),
    buildCall: (input: BuildInput) => buildCall(config, input),
    readResponse,
    streamConverter: openAIStreamConverter,
    readError: readOpenAIError,
  });
}
