import { type OpenAIChatResponse } from '../../../providers';
import { type AnthropicRequest } from '../../../providers/anthropic/anthropic-types';
import { anthropicHeaders, splitThinkingSuffix } from '../../../providers/anthropic/claude-settings';
import { anthropicErrorBody } from '../../../providers/anthropic/error-body';
import { anthropicToOpenAIRequest } from '../../../providers/anthropic/request-to-openai';
import { openAIToAnthropicResponse } from '../../../providers/anthropic/response-from-openai';
import { OpenAIStreamToAnthropic } from '../../../providers/anthropic/stream-from-openai';
import type { Locale } from '../../../common/i18n/i18n';
import { t } from '../../../common/i18n/i18n';
import { jsonCall } from '../../../providers/shared/native-kit';
import type { RelayError } from '../http/relay-error';
import type { ErrorFormat } from '../http/relay-reply';
import { bearer, headerValue, type InboundDialect, type InboundRequest, nativeText } from './inbound-dialect';
import { badRequest, isJsonObject, toRelayRequest } from './inbound-parse';

function errorBody(err: RelayError, locale: Locale) {
  return anthropicErrorBody(err.status, err.upstreamMessage ?? t(err.key, locale, err.params));
}

/** Mid-stream, an error the upstream reported keeps its own type (overloaded_error...). */
function streamErrorBody(err: RelayError, locale: Locale) {
  const body = errorBody(err, locale);
  if (err.upstreamMessage !== undefined && err.type) body.error.type = err.type;
  return body;
}

/** `{"type":"error","error":{type,message}}`; mid-stream as an `event: error` block. */
export const ANTHROPIC_ERRORS: ErrorFormat = {
  body: errorBody,
  streamEvent: (err, locale) => `event: error\ndata: ${JSON.stringify(streamErrorBody(err, locale))}\n\n`,
};

/** Client headers that change what a same-format upstream does. */
const FORWARDED = ['anthropic-beta'] as const;

function validate(body: Record<string, unknown>): void {
  if (!Array.isArray(body.messages)) throw badRequest('messages must be an array');
  for (const m of body.messages) {
    if (!isJsonObject(m) || (m.role !== 'user' && m.role !== 'assistant'))
      throw badRequest('each message needs the role user or assistant');
    if (typeof m.content !== 'string' && !Array.isArray(m.content))
      throw badRequest('message content must be a string or an array of blocks');
  }
  const max = body.max_tokens;
  if (typeof max !== 'number' || !Number.isInteger(max) || max < 1)
    throw badRequest('max_tokens must be a positive integer');
}

/** POST /v1/messages (key in x-api-key or Bearer). */
export const anthropicDialect: InboundDialect = {
  name: 'anthropic',
  errors: ANTHROPIC_ERRORS,
  authorization: (h) => bearer(headerValue(h['x-api-key'])) ?? headerValue(h.authorization),

  parse({ body, headers }) {
    if (!isJsonObject(body)) throw badRequest('the body must be a JSON object');
    validate(body);
    const forwardHeaders: Record<string, string> = {};
    for (const name of FORWARDED) {
      const v = headerValue(headers[name]);
      if (v) forwardHeaders[name] = v;
    }
    return toRelayRequest(() => anthropicToOpenAIRequest(body as unknown as AnthropicRequest), {
      dialect: anthropicDialect,
      native: body,
      forwardHeaders,
    });
  },

  /** count_tokens takes the Messages body without max_tokens. */
  parseCount: (input) =>
    anthropicDialect.parse(isJsonObject(input.body) ? { ...input, body: { max_tokens: 1, ...input.body } } : input),

  countAnswer: (tokens) => ({ input_tokens: tokens }),

  passThroughCall(inbound: InboundRequest, input) {
    const settings = input.settings;
    const model = splitThinkingSuffix(input.upstreamModel).model;
    const headers = { ...inbound.forwardHeaders, ...anthropicHeaders(input.target.key, model, settings) };
    const override = input.target.paramOverride;
    const body = nativeText(inbound, override, model) ?? { ...inbound.native, model };
    return jsonCall(input.target.baseUrl, '/v1/messages', headers, body, override);
  },

  fromOpenAI: (res, req) => openAIToAnthropicResponse(res as OpenAIChatResponse, { model: req.model }),

  streamFromOpenAI(model, promptTokens) {
    const conv = new OpenAIStreamToAnthropic({ model, promptTokens });
    const sse = (events: ReturnType<OpenAIStreamToAnthropic['push']>) =>
      events.map((e) => `event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`).join('');
    return { push: (chunk) => sse(conv.push(chunk)), finish: () => sse(conv.finish()) };
  },
};
