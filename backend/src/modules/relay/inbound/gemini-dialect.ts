import { type OpenAIChatResponse, type OpenAIEmbeddingResponse } from '../../../providers';
import { geminiEmbedToOpenAIRequest, openAIToGeminiEmbedResponse } from '../../../providers/gemini/embeddings';
import { geminiErrorBody } from '../../../providers/gemini/error-body';
import { splitGeminiSuffix } from '../../../providers/gemini/gemini-settings';
import {
  type GeminiBatchEmbedRequest,
  type GeminiEmbedContentRequest,
  type GeminiRequest,
} from '../../../providers/gemini/gemini-types';
import { type GeminiAction, geminiHeaders, geminiUrl } from '../../../providers/gemini/gemini-urls';
import { geminiToOpenAIRequest } from '../../../providers/gemini/request-to-openai';
import { openAIToGeminiResponse } from '../../../providers/gemini/response-from-openai';
import { OpenAIStreamToGemini } from '../../../providers/gemini/stream-from-openai';
import type { Locale } from '../../../common/i18n/i18n';
import { t } from '../../../common/i18n/i18n';
import { urlCall } from '../../../providers/shared/native-kit';
import { RelayError } from '../http/relay-error';
import type { ErrorFormat } from '../http/relay-reply';
import type { RelayMode } from '../../../providers/provider';
import type { RelayRequest } from '../pipeline/relay-request';
import {
  bearer,
  headerValue,
  type ClientFormat,
  type InboundDialect,
  type InboundInput,
  type InboundRequest,
  nativeText,
} from './inbound-dialect';
import { badRequest, isJsonObject, toRelayRequest } from './inbound-parse';

function plainBody(err: RelayError, locale: Locale) {
  return geminiErrorBody(err.status, err.upstreamMessage ?? t(err.key, locale, err.params));
}

/**
 * The gateway's own refusals name their code (unsupported, insufficient_quota...) in an ErrorInfo
 * `reason`, as Google's errors do; an upstream's answer keeps its own shape.
 */
function errorBody(err: RelayError, locale: Locale): object {
  const body = plainBody(err, locale);
  if (err.upstreamMessage !== undefined || !err.code) return body;
  const reason = { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: err.code, domain: 'gateway' };
  return { error: { ...body.error, details: [reason] } };
}

/**
 * Mid-stream, an error the upstream reported: `status` is the google.rpc name of its status (its own
 * when it sent one); a type of another format (overloaded_error...) goes in an ErrorInfo `reason`.
 */
function streamErrorBody(err: RelayError, locale: Locale): object {
  if (err.upstreamMessage === undefined || !err.type) return errorBody(err, locale);
  const body = plainBody(err, locale);
  if (/^[A-Z][A-Z_]*$/.test(err.type)) return { error: { ...body.error, status: err.type } };
  const reason = { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: err.type, domain: 'upstream' };
  return { error: { ...body.error, details: [reason] } };
}

/** `{"error":{code,message,status}}`; mid-stream as a last `data:` event. */
export const GEMINI_ERRORS: ErrorFormat = {
  body: errorBody,
  streamEvent: (err, locale) => `data: ${JSON.stringify(streamErrorBody(err, locale))}\n\n`,
};

/** A stream answered as a JSON array ends its array with the error object. */
export const GEMINI_ARRAY_ERRORS: ErrorFormat = {
  body: errorBody,
  streamEvent: (err, locale) => `,\r\n${JSON.stringify(streamErrorBody(err, locale))}]`,
};

const MAX_MODEL_LENGTH = 191;

/** `{model}:{action}`, the last segment of a Gemini method URL (its colon may arrive encoded). */
export function splitModelAction(segment: string): { model: string; action: string } {
  const text = segment.replace(/%3A/gi, ':');
  const at = text.lastIndexOf(':');
  return at === -1 ? { model: text, action: '' } : { model: text.slice(0, at), action: text.slice(at + 1) };
}

/** The model of a /v1beta/models/{model}:action URL segment ("models/" prefix tolerated). */
function modelOf(value: string | undefined): string {
  const model = (value ?? '').replace(/^models\//, '').trim();
  if (!model) throw RelayError.invalidRequest('relay.model_required', 'model_required');
  if (model.length > MAX_MODEL_LENGTH) throw badRequest('model is too long');
  return model;
}

const isBatch = (body: unknown): boolean => isJsonObject(body) && Array.isArray(body.requests);

/** The Gemini method a request was made with. */
function methodOf(mode: RelayMode, stream: boolean, inbound: InboundRequest): GeminiAction {
  if (mode === 'embeddings') return isBatch(inbound.native) ? 'batchEmbedContents' : 'embedContent';
  return stream ? 'streamGenerateContent' : 'generateContent';
}

/** POST /v1beta/models/{model}:generateContent | :streamGenerateContent (key in x-goog-api-key, ?key= or Bearer). */
export const geminiDialect: InboundDialect = {
  name: 'gemini',
  errors: GEMINI_ERRORS,
  authorization: (h, query) =>
    bearer(headerValue(h['x-goog-api-key'])) ??
    bearer(isJsonObject(query) && typeof query.key === 'string' ? query.key : undefined) ??
    headerValue(h.authorization),

  parse({ body, model, stream = false, jsonArray = false }) {
    const name = modelOf(model);
    if (!isJsonObject(body)) throw badRequest('the body must be a JSON object');
    if (!Array.isArray(body.contents) || body.contents.some((c) => !isJsonObject(c)))
      throw badRequest('contents must be an array of Content objects');
    return toRelayRequest(() => geminiToOpenAIRequest(body as unknown as GeminiRequest, name, stream), {
      dialect: geminiDialect,
      native: body,
      forwardHeaders: {},
      jsonArray: stream && jsonArray,
    });
  },

  /** countTokens takes `contents`, or a whole request under `generateContentRequest`. */
  parseCount(input) {
    const body =
      isJsonObject(input.body) && isJsonObject(input.body.generateContentRequest)
        ? input.body.generateContentRequest
        : input.body;
    return geminiDialect.parse({ ...input, body, stream: false });
  },

  countAnswer: (tokens) => ({ totalTokens: tokens }),

  passThroughCall(inbound, input) {
    const model = splitGeminiSuffix(input.upstreamModel).model;
    const action = methodOf(input.mode, input.stream, inbound);
    const url = geminiUrl(input.target.baseUrl, model, action, input.settings);
    const override = input.target.paramOverride;
    return urlCall(url, geminiHeaders(input.target.key), nativeText(inbound, override) ?? inbound.native, override);
  },

  fromOpenAI: (res, req) =>
    req.mode === 'embeddings'
      ? openAIToGeminiEmbedResponse(res as OpenAIEmbeddingResponse, isBatch(req.inbound?.native))
      : openAIToGeminiResponse(res as OpenAIChatResponse, { model: req.model }),

  streamFromOpenAI(model) {
    const conv = new OpenAIStreamToGemini({ model });
    const sse = (objects: ReturnType<OpenAIStreamToGemini['push']>) =>
      objects.map((o) => `data: ${JSON.stringify(o)}\n\n`).join('');
    return { push: (chunk) => sse(conv.push(chunk)), finish: () => sse(conv.finish()) };
  },
};

/** Gemini clients streaming without alt=sse: the same key rules, errors inside the JSON array. */
export const geminiArrayClient: ClientFormat = {
  authorization: geminiDialect.authorization,
  errors: GEMINI_ARRAY_ERRORS,
};

/** POST /v1beta/models/{model}:embedContent | :batchEmbedContents: the embeddings of one or more contents. */
export function parseGeminiEmbed(input: InboundInput, batch: boolean): RelayRequest {
  const model = modelOf(input.model);
  const body = input.body;
  if (!isJsonObject(body)) throw badRequest('the body must be a JSON object');
  const items = batch ? body.requests : [body];
  if (!Array.isArray(items) || !items.length || items.some((r) => !isJsonObject(r) || !isJsonObject(r.content)))
    throw badRequest(batch ? 'requests must be a non-empty array of EmbedContentRequest' : 'content is required');
  const request = body as unknown as GeminiEmbedContentRequest | GeminiBatchEmbedRequest;
  return toRelayRequest(
    () => geminiEmbedToOpenAIRequest(request, model),
    { dialect: geminiDialect, native: body, forwardHeaders: {} },
    'embeddings',
  );
}
