import type { IncomingHttpHeaders } from 'node:http';
import type { OpenAIChatChunk } from '../../../providers';
import type { BuildInput, RelayMode, UpstreamCall } from '../../../providers/provider';
import { OPENAI_ERRORS, type ErrorFormat } from '../http/relay-reply';
import type { RelayRequest } from '../pipeline/relay-request';
import { jsonSourceOf } from '../../../common/http/json-source';
import { editJsonSource } from '../../../providers/shared/json-text';

/** The wire format a client speaks to the gateway. */
export type ClientDialect = 'openai' | 'anthropic' | 'gemini' | 'responses';

/** How a client format presents its API key and wants its errors. */
export interface ClientFormat {
  readonly errors: ErrorFormat;
  /** The API key as the Authorization value RelayAuthService reads; undefined when none was sent. */
  authorization(headers: IncomingHttpHeaders, query: unknown): string | undefined;
}

export const headerValue = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);
export const bearer = (key: string | undefined): string | undefined => (key ? `Bearer ${key}` : undefined);

/** OpenAI clients send a Bearer key; x-api-key is accepted too (Anthropic SDKs listing /v1/models). */
export const OPENAI_CLIENT: ClientFormat = {
  errors: OPENAI_ERRORS,
  authorization: (h) => headerValue(h.authorization) ?? bearer(headerValue(h['x-api-key'])),
};

/** What a native endpoint hands its dialect: the body plus what the URL and headers say. */
export interface InboundInput {
  readonly body: unknown;
  readonly headers: IncomingHttpHeaders;
  /** Gemini: the model named in the URL. */
  readonly model?: string;
  /** Gemini: streamGenerateContent. */
  readonly stream?: boolean;
  /** Gemini: a stream asked for without alt=sse, answered as one JSON array. */
  readonly jsonArray?: boolean;
}

/** Per stream: OpenAI chunks in, the client's native events out (complete, ready to write). */
export interface NativeStreamWriter {
  push(chunk: OpenAIChatChunk): string;
  finish(): string;
}

/**
 * A native client format (Anthropic Messages, Gemini generateContent). Pure: parsing turns the body
 * into the OpenAI chat request the pipeline routes, reserves and bills; answers of OpenAI-format
 * adaptors are converted back; channels speaking the same format get the client's own body.
 */
export interface InboundDialect extends ClientFormat {
  readonly name: Exclude<ClientDialect, 'openai'>;
  /** Validates the native body (400 when malformed) into a chat request carrying `inbound`. */
  parse(input: InboundInput): RelayRequest;
  /** A token-counting request (count_tokens, countTokens), read like a generation request. */
  parseCount(input: InboundInput): RelayRequest;
  /** The answer to a token count (counted locally, never billed). */
  countAnswer(tokens: number): object;
  /** The upstream call of a same-format channel: the client's body, model mapped, param_override merged. */
  passThroughCall(inbound: InboundRequest, input: BuildInput): UpstreamCall;
  /** A complete OpenAI answer (chat; embeddings for Gemini) in the native format the request came in. */
  fromOpenAI(res: object, req: RelayRequest): object;
  /** `req`: the request, for formats whose answers echo it (Responses). */
  streamFromOpenAI(model: string, promptTokens: number, req?: RelayRequest): NativeStreamWriter;
}

/** A request that arrived in a native format: the original body is kept for pass-through. */
export interface InboundRequest {
  readonly dialect: InboundDialect;
  readonly native: Readonly<Record<string, unknown>>;
  /** Client headers a same-format upstream should see (anthropic-beta). */
  readonly forwardHeaders: Readonly<Record<string, string>>;
  /** The stream goes to the client as one JSON array instead of SSE (Gemini without alt=sse). */
  readonly jsonArray?: boolean;
  /**
   * The relay mode that takes the client's body as it is (Responses: `responses`): a channel type
   * serving it gets the body passed through by its own adaptor; others get the chat conversion.
   */
  readonly nativeMode?: RelayMode;
  /** Set when only a `nativeMode` channel can serve the request: the 400 answered when none can. */
  readonly unconvertible?: { readonly param: string; readonly detail: string };
}

/**
 * The client's own text of a native body for a same-format upstream, with `model` (when given and not
 * the client's) edited in place; undefined when the body must be serialised: a param_override to merge,
 * or no text kept for it (docs/relay.md, "Conformance details").
 */
export function nativeText(
  inbound: InboundRequest,
  override: Readonly<Record<string, unknown>> | null,
  model?: string,
): string | undefined {
  const source = override ? undefined : jsonSourceOf(inbound.native);
  if (source === undefined) return undefined;
  return editJsonSource(source, model === undefined || inbound.native.model === model ? {} : { model });
}

/** Merges param_override into a body (the channel's settings win). */
export function withOverride(
  body: Readonly<Record<string, unknown>>,
  override: Readonly<Record<string, unknown>> | null,
): Record<string, unknown> {
  return override ? { ...body, ...override } : { ...body };
}
