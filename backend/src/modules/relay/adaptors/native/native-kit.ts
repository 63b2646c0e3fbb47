import { randomUUID } from 'node:crypto';
import type { Settings } from '@gw/shared';
import {
  type OpenAIChatChunk,
  type OpenAIChatRequest,
  type OpenAIEmbeddingResponse,
  type OpenAIUsage,
  toTokenUsage,
} from '../../../../providers';
import type { SseEvent } from '../../stream/sse-parser';
import type {
  BuildInput,
  ReadResult,
  RelayBody,
  StreamConverter,
  StreamStep,
  UpstreamCall,
  UsageReport,
} from '../adaptor';
import { chunkText, isObj, responseText } from '../openai/openai-usage';

/** Helpers shared by the adaptors of native (non-OpenAI) upstreams: the converters live in providers/. */

/** Options snapshot of the request; an empty one (converter defaults) when the caller gave none. */
export function settingsOf(input: BuildInput): Settings {
  return input.settings ?? ({} as Settings);
}

/** The client's JSON body (embeddings, rerank...) with the mapped model. */
export function jsonBody<T extends { model: string }>(input: Pick<BuildInput, 'body' | 'upstreamModel'>): T {
  const json = input.body.kind === 'json' ? input.body.json : {};
  return { ...(json as unknown as T), model: input.upstreamModel };
}

/** The client's chat body as an OpenAI request, with the mapped model and the stream flag. */
export function chatRequest(input: BuildInput): OpenAIChatRequest {
  return { ...jsonBody<OpenAIChatRequest>(input), stream: input.stream };
}

/** An upstream call to `baseUrl` + `path` (the base URL may carry a path of its own). */
export function jsonCall(
  baseUrl: string,
  path: string,
  headers: Record<string, string>,
  body: object,
  override: Readonly<Record<string, unknown>> | null,
): UpstreamCall {
  const url = new URL(baseUrl);
  const [pathname, search] = path.split('?');
  return {
    origin: url.origin,
    path: url.pathname.replace(/\/+$/, '') + pathname + (search ? `?${search}` : ''),
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(override ? { ...body, ...override } : body),
  };
}

/** A full upstream URL as an upstream call. */
export function urlCall(
  full: string,
  headers: Record<string, string>,
  body: object,
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

/**
 * Reads a native JSON answer through `convert` into an OpenAI body; usage from its `usage`. A body
 * that is not JSON passes through unchanged, without usage (counted locally).
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
    return { body, contentType, usage: null, outputText: null };
  }
  if (!isObj(parsed)) return { body, contentType, usage: null, outputText: null };
  const out = convert(parsed as never) as { usage?: OpenAIUsage };
  const usage = out.usage ? usageReport(out.usage) : null;
  return {
    body: Buffer.from(JSON.stringify(out)),
    contentType: 'application/json',
    usage,
    outputText: usage && !wantText ? null : responseText(out),
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

function step(chunks: readonly OpenAIChatChunk[], usage: OpenAIUsage): StreamStep {
  const text = chunks.map((c) => chunkText(c as unknown as Record<string, unknown>)).join('');
  return {
    out: chunks.length ? sse(chunks) : null,
    ...(hasUsage(usage) ? { usage: usageReport(usage) } : {}),
    ...(text ? { text } : {}),
  };
}

/** Native stream events (JSON data) → OpenAI SSE chunks and `data: [DONE]`, usage reported as it grows. */
export function chunkStream<T>(conv: ChunkConverter<T>): StreamConverter {
  return {
    onEvent(ev: SseEvent): StreamStep {
      if (ev.data === null || ev.data.charCodeAt(0) !== 123 /* { */) return { out: null };
      return step(conv.push(JSON.parse(ev.data) as T), conv.usage);
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
