import { randomUUID } from 'node:crypto';
import type {
  BuildInput,
  ReadResult,
  RelayBody,
  SseEvent,
  StreamConverter,
  StreamStep,
  UpstreamCall,
  UsageReport,
} from '../provider';
import { errorInAnswer, NOT_JSON } from './bad-answer';
import { ProviderStreamError } from './errors';
import type { OpenAIChatChunk, OpenAIChatRequest, OpenAIEmbeddingResponse, OpenAIUsage } from './openai-types';
import { chunkText, isObj, responseText } from './openai-usage';
import { toTokenUsage } from './usage';

/** Helpers shared by the adaptors of native (non-OpenAI) upstreams: the converters live in their folders. */

/** The client's JSON body (embeddings, rerank...) with the mapped model. */
export function jsonBody<T extends { model: string }>(input: Pick<BuildInput, 'body' | 'upstreamModel'>): T {
  const json = input.body.kind === 'json' ? input.body.json : {};
  return { ...(json as unknown as T), model: input.upstreamModel };
}

/** The client's chat body as an OpenAI request, with the mapped model and the stream flag. */
export function chatRequest(input: BuildInput): OpenAIChatRequest {
  return { ...jsonBody<OpenAIChatRequest>(input), stream: input.stream };
}

/**
 * An upstream call to `baseUrl` + `path` (the base URL may carry a path of its own). `body` is an object
 * to serialise with `override` merged in, or JSON text to send as it is (the client's own, when there is
 * no override to merge).
 */
export function jsonCall(
  baseUrl: string,
  path: string,
  headers: Record<string, string>,
  body: object | string,
  override: Readonly<Record<string, unknown>> | null,
): UpstreamCall {
  const url = new URL(baseUrl);
  const [pathname, search] = path.split('?');
  return {
    origin: url.origin,
    path: url.pathname.replace(/\/+$/, '') + pathname + (search ? `?${search}` : ''),
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(override ? { ...body, ...override } : body),
  };
}

/** A full upstream URL as an upstream call. */
export function urlCall(
  full: string,
  headers: Record<string, string>,
  body: object | string,
  override: BuildInput['target']['paramOverride'],
) {
  const url = new URL(full);
  return jsonCall(url.origin, url.pathname + url.search, headers, body, override);
}

/**
 * A provider URL with the channel's base URL, when set, in place of its origin (the path is kept):
 * for upstreams whose host follows from the key or region (Bedrock, Vertex).
 */
export function overrideOrigin(full: string, baseUrl: string): string {
  if (!baseUrl) return full;
  const base = new URL(baseUrl);
  const url = new URL(full);
  return `${base.origin}${base.pathname.replace(/\/+$/, '')}${url.pathname}${url.search}`;
}

/**
 * Embeddings as the client asked for them: `encoding_format: "base64"` (the openai SDKs' default)
 * wants each vector as base64 of little-endian float32, as OpenAI answers it.
 */
export function embeddingsAsRequested(res: OpenAIEmbeddingResponse, request: RelayBody | undefined): object {
  if (request?.kind !== 'json' || request.json.encoding_format !== 'base64') return res;
  const base64 = (v: number[]) => Buffer.from(new Float32Array(v).buffer).toString('base64');
  return { ...res, data: res.data.map((d) => ({ ...d, embedding: base64(d.embedding) })) };
}

/** A native embeddings answer → OpenAI list; usage null when the upstream counts none (counted locally). */
export function readEmbeddings<T>(
  body: Buffer,
  contentType: string,
  request: RelayBody | undefined,
  convert: (res: T) => OpenAIEmbeddingResponse,
): ReadResult {
  const read = convertWhole(body, contentType, false, (res: T) => embeddingsAsRequested(convert(res), request));
  return { ...read, outputText: '', usage: read.usage && read.usage.promptTokens > 0 ? read.usage : null };
}

export const usageReport = (u: OpenAIUsage): UsageReport => toTokenUsage(u);
export const nowSeconds = (): number => Math.floor(Date.now() / 1000);
export const newChatId = (): string => `chatcmpl-${randomUUID().replace(/-/g, '')}`;

/** Anything the upstream could report as a token count. */
const COUNT_KEY = /tokens?|count/i;
/** Counts beyond this are not believed (the converters would pass them on, rounded). */
const MAX_REPORTED = 100_000_000;

const cleanCountValue = (v: unknown): boolean =>
  v === null || (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= MAX_REPORTED);

function suspectCounts(u: unknown, depth: number): boolean {
  if (Array.isArray(u)) return depth < 3 && u.some((v) => suspectCounts(v, depth + 1));
  if (!isObj(u)) return false;
  for (const [k, v] of Object.entries(u)) {
    if (typeof v === 'object' && v !== null) {
      if (depth < 3 && suspectCounts(v, depth + 1)) return true;
    } else if (COUNT_KEY.test(k) && !cleanCountValue(v)) return true;
  }
  return false;
}

/**
 * Whether a native answer or event reports usage numbers that are not clean counts (negative,
 * fractional, huge, strings): the providers' converters clamp or round them into plausible-looking
 * numbers, so the converted usage is flagged malformed and billing counts locally instead.
 */
export function suspectUsage(obj: Record<string, unknown>): boolean {
  const message = isObj(obj.message) ? obj.message : {};
  return [obj.usage, obj.usageMetadata, obj.usage_metadata, message.usage].some((u) => suspectCounts(u, 0));
}

const flagged = (usage: UsageReport | null, suspect: boolean): UsageReport | null =>
  suspect ? { ...(usage ?? { promptTokens: 0, completionTokens: 0 }), malformed: true } : usage;

/**
 * Reads a native JSON answer through `convert` into an OpenAI body; usage from its `usage`. A body
 * that is not JSON, or an error object in place of an answer, fails the attempt (`error`).
 */
export function convertWhole(
  body: Buffer,
  contentType: string,
  wantText: boolean,
  convert: (obj: never) => object,
): ReadResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return { body, contentType, usage: null, outputText: null, error: NOT_JSON };
  }
  if (!isObj(parsed)) return { body, contentType, usage: null, outputText: null, error: NOT_JSON };
  const error = errorInAnswer(parsed);
  if (error) return { body, contentType, usage: null, outputText: null, error };
  const out = convert(parsed as never) as { usage?: OpenAIUsage };
  const usage = flagged(out.usage ? usageReport(out.usage) : null, suspectUsage(parsed));
  return {
    body: Buffer.from(JSON.stringify(out)),
    contentType: 'application/json',
    usage,
    outputText: usage && !usage.malformed && !wantText ? null : responseText(out),
  };
}

/** The stateful converters of providers/ (Anthropic, Gemini, Ollama...): objects in, OpenAI chunks out. */
export interface ChunkConverter<T> {
  push(obj: T): OpenAIChatChunk[];
  finish(): OpenAIChatChunk[];
  readonly usage: OpenAIUsage;
}

const sse = (chunks: readonly OpenAIChatChunk[]): string =>
  chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`).join('');
const hasUsage = (u: OpenAIUsage): boolean => u.prompt_tokens + u.completion_tokens > 0;

function step(chunks: readonly OpenAIChatChunk[], usage: OpenAIUsage, suspect = false): StreamStep {
  const text = chunks.map((c) => chunkText(c as unknown as Record<string, unknown>)).join('');
  const report = flagged(hasUsage(usage) ? usageReport(usage) : null, suspect);
  return {
    out: chunks.length ? sse(chunks) : null,
    ...(report ? { usage: report } : {}),
    ...(text ? { text } : {}),
  };
}

/** A converter's ProviderStreamError as the step that reports it; anything else is rethrown. */
function errorStep(err: unknown): StreamStep {
  if (!(err instanceof ProviderStreamError)) throw err;
  return { out: null, error: { type: err.type, message: err.message, code: null } };
}

/**
 * Native stream events (JSON data) → OpenAI SSE chunks and `data: [DONE]`, usage reported as it grows.
 * An event that is an error object (Anthropic `error`, a Gemini element with `error`, Ollama's
 * `{"error":…}`) or that the converter rejects with ProviderStreamError becomes the step's `error`.
 */
export function chunkStream<T>(conv: ChunkConverter<T>): StreamConverter {
  let suspect = false;
  return {
    onEvent(ev: SseEvent): StreamStep {
      if (ev.data === null || ev.data.charCodeAt(0) !== 123 /* { */) return { out: null };
      const obj = JSON.parse(ev.data) as Record<string, unknown>;
      const error = errorInAnswer(obj);
      if (error) return { out: null, error };
      suspect ||= suspectUsage(obj);
      let chunks: OpenAIChatChunk[];
      try {
        chunks = conv.push(obj as T);
      } catch (err) {
        return errorStep(err);
      }
      return step(chunks, conv.usage, suspect);
    },
    finish(): string {
      return `${sse(conv.finish())}data: [DONE]\n\n`;
    },
  };
}

/** For specs: the steps' usage after a whole stream (finish() included). */
export function finalStep<T>(conv: ChunkConverter<T>): StreamStep {
  return step(conv.finish(), conv.usage);
}
