import {
  type GeminiRequest,
  geminiHeaders,
  geminiToOpenAIRequest,
  geminiUrl,
  openAIToGeminiResponse,
  OpenAIStreamToGemini,
  splitGeminiSuffix,
} from '../../../providers';
import type { Locale } from '../../../common/i18n/i18n';
import { t } from '../../../common/i18n/i18n';
import { settingsOf, urlCall } from '../adaptors/native/native-kit';
import { RelayError } from '../http/relay-error';
import type { ErrorFormat } from '../http/relay-reply';
import { bearer, headerValue, type InboundDialect } from './inbound-dialect';
import { badRequest, isJsonObject, toRelayRequest } from './inbound-parse';

/** google.rpc.Code names by HTTP status (https://ai.google.dev/gemini-api/docs/troubleshooting). */
const STATUS_BY_HTTP: Readonly<Record<number, string>> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ABORTED',
  413: 'INVALID_ARGUMENT',
  429: 'RESOURCE_EXHAUSTED',
  499: 'CANCELLED',
  500: 'INTERNAL',
  501: 'UNIMPLEMENTED',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

export function geminiErrorStatus(status: number): string {
  return STATUS_BY_HTTP[status] ?? (status >= 500 ? 'INTERNAL' : 'INVALID_ARGUMENT');
}

function errorBody(err: RelayError, locale: Locale) {
  const message = err.upstreamMessage ?? t(err.key, locale, err.params);
  return { error: { code: err.status, message, status: geminiErrorStatus(err.status) } };
}

/** `{"error":{code,message,status}}`; mid-stream as a last `data:` event. */
export const GEMINI_ERRORS: ErrorFormat = {
  body: errorBody,
  streamEvent: (err, locale) => `data: ${JSON.stringify(errorBody(err, locale))}\n\n`,
};

const MAX_MODEL_LENGTH = 191;

/** The model of a /v1beta/models/{model}:action URL segment ("models/" prefix tolerated). */
function modelOf(value: string | undefined): string {
  const model = (value ?? '').replace(/^models\//, '').trim();
  if (!model) throw RelayError.of('relay.model_required', 400, 'model_required');
  if (model.length > MAX_MODEL_LENGTH) throw badRequest('model is too long');
  return model;
}

/** POST /v1beta/models/{model}:generateContent | :streamGenerateContent (key in x-goog-api-key, ?key= or Bearer). */
export const geminiDialect: InboundDialect = {
  name: 'gemini',
  errors: GEMINI_ERRORS,
  authorization: (h, query) =>
    bearer(headerValue(h['x-goog-api-key'])) ??
    bearer(isJsonObject(query) && typeof query.key === 'string' ? query.key : undefined) ??
    headerValue(h.authorization),

  parse({ body, model, stream = false }) {
    const name = modelOf(model);
    if (!isJsonObject(body)) throw badRequest('the body must be a JSON object');
    if (!Array.isArray(body.contents) || body.contents.some((c) => !isJsonObject(c)))
      throw badRequest('contents must be an array of Content objects');
    return toRelayRequest(() => geminiToOpenAIRequest(body as unknown as GeminiRequest, name, stream), {
      dialect: geminiDialect,
      native: body,
      forwardHeaders: {},
    });
  },

  passThroughCall(inbound, input) {
    const model = splitGeminiSuffix(input.upstreamModel).model;
    const action = input.stream ? 'streamGenerateContent' : 'generateContent';
    const url = geminiUrl(input.target.baseUrl, model, action, settingsOf(input));
    return urlCall(url, geminiHeaders(input.target.key), inbound.native, input.target.paramOverride);
  },

  fromOpenAI: (res, model) => openAIToGeminiResponse(res, { model }),

  streamFromOpenAI(model) {
    const conv = new OpenAIStreamToGemini({ model });
    const sse = (objects: ReturnType<OpenAIStreamToGemini['push']>) =>
      objects.map((o) => `data: ${JSON.stringify(o)}\n\n`).join('');
    return { push: (chunk) => sse(conv.push(chunk)), finish: () => sse(conv.finish()) };
  },
};
