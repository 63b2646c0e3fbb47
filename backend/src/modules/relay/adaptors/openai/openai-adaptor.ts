import { openAICompatibleUrl } from '../../../../providers';
import type { BuildInput, ProtocolAdaptor, ReadResult, RelayMode, UpstreamCall, UpstreamErrorInfo } from '../adaptor';
import { boundaryOf, replaceField } from '../multipart';
import { openAiStreamConverter } from './openai-stream';
import { isObj, responseText, usageFromText, usageOf } from './openai-usage';

/** Per-provider differences inside the OpenAI-compatible family (providers/openai-compatible.ts). */
export interface OpenAiFamilyConfig {
  /** Replaces the OpenAI `/v1` (`/api/paas/v4` for Zhipu GLM-4...); default `/v1`. */
  pathPrefix?: string;
  /** The base URL is the complete chat-completions URL (Custom). */
  fullUrl?: boolean;
  /** Whether it accepts stream_options.include_usage (default true). */
  streamUsage?: boolean;
}

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

/** The upstream URL of a mode; the base URL may carry a path (`https://host/openai`). */
function target(config: OpenAiFamilyConfig, baseUrl: string, mode: RelayMode): { origin: string; path: string } {
  const family = { pathPrefix: config.pathPrefix ?? '/v1', fullUrl: config.fullUrl, capabilities: [] };
  const url = new URL(openAICompatibleUrl(family, baseUrl, `/v1${ENDPOINT[mode]}`));
  return { origin: url.origin, path: url.pathname + url.search };
}

function buildCall(config: OpenAiFamilyConfig, input: BuildInput): UpstreamCall {
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
  const out: Record<string, unknown> = { ...body.json, model: upstreamModel };
  if (stream && USAGE_STREAM_MODES.has(mode) && config.streamUsage !== false) {
    const opts = isObj(body.json.stream_options) ? body.json.stream_options : {};
    out.stream_options = { ...opts, include_usage: true };
  }
  if (t.paramOverride) Object.assign(out, t.paramOverride);
  headers['content-type'] = 'application/json';
  return { ...url, method: 'POST', headers, body: JSON.stringify(out) };
}

function readResponse(_mode: RelayMode, body: Buffer, contentType: string, wantText = false): ReadResult {
  if (!/json/i.test(contentType)) {
    // Binary audio, or text/srt/vtt transcriptions: passed through; text counted when it is text.
    const text = /^text\//i.test(contentType) ? body.toString('utf8') : null;
    return { body, contentType, usage: null, outputText: text };
  }
  const text = body.toString('utf8');
  // The usual case (usage present) needs only the usage object; the rest passes through untouched.
  const quick = usageFromText(text);
  if (quick && !wantText) return { body, contentType, usage: quick, outputText: null };
  let obj: unknown;
  try {
    obj = JSON.parse(text);
  } catch {
    return { body, contentType, usage: null, outputText: null };
  }
  const usage = usageOf(obj);
  return { body, contentType, usage, outputText: usage && !wantText ? null : responseText(obj) };
}

/** Reads an upstream error body of any shape: {error:{message,type,code}}, {message}, or text. */
export function readOpenAiError(status: number, body: Buffer): UpstreamErrorInfo {
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

/** The shared adaptor of every provider speaking the OpenAI wire format. */
export function openAiCompatibleAdaptor(config: OpenAiFamilyConfig = {}): ProtocolAdaptor {
  return Object.freeze({
    buildCall: (input: BuildInput) => buildCall(config, input),
    readResponse,
    streamConverter: openAiStreamConverter,
    readError: readOpenAiError,
  });
}
