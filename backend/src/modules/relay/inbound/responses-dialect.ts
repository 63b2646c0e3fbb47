import { randomUUID } from 'node:crypto';
import type { OpenAIChatResponse } from '../../../providers';
import {
  ChatStreamToResponses,
  chatToResponse,
  responsesSse,
  responsesToChatRequest,
  ResponsesInputError,
  type ChatConversion,
} from '../../../providers/responses';
import { jsonCall } from '../../../providers/shared/native-kit';
import { relayErrorBody, RelayError } from '../http/relay-error';
import type { ErrorFormat } from '../http/relay-reply';
import { OPENAI_CLIENT, type InboundDialect, type InboundRequest } from './inbound-dialect';
import { badRequest, isJsonObject, toRelayRequest } from './inbound-parse';

/**
 * Errors in the OpenAI format; a stream that breaks after it opened ends with the Responses `error`
 * event (the SDKs raise it as an API error).
 */
export const RESPONSES_ERRORS: ErrorFormat = {
  body: relayErrorBody,
  streamEvent(err, locale) {
    const { error } = relayErrorBody(err, locale);
    const code = error.code ?? error.type;
    const event = { type: 'error', code, message: error.message, param: error.param, sequence_number: 0 };
    return `event: error\ndata: ${JSON.stringify(event)}\n\n`;
  },
};

const newResponseId = () => `resp_${randomUUID().replace(/-/g, '')}`;
const nowSec = () => Math.floor(Date.now() / 1000);

function convert(body: Record<string, unknown>): ChatConversion {
  try {
    return responsesToChatRequest(body);
  } catch (err) {
    if (err instanceof ResponsesInputError) {
      const e = badRequest(err.message);
      throw new RelayError({ key: e.key, status: 400, code: e.code, params: e.params, param: err.param ?? undefined });
    }
    throw err;
  }
}

/** The 400 of a Responses feature no channel of the model can serve (previous_response_id, built-in tools...). */
export function unconvertibleError(model: string, inbound: InboundRequest): RelayError {
  const u = inbound.unconvertible!;
  return new RelayError({
    key: 'relay.responses_unconvertible',
    status: 400,
    code: 'unsupported',
    params: { model, detail: u.detail },
    param: u.param,
  });
}

/**
 * POST /v1/responses (OpenAI Responses API). Channels whose type serves `responses` get the client's
 * body through their own adaptor (model mapping, param_override); every other chat channel gets the
 * chat conversion, answered back as a Responses object or event stream (docs/relay.md).
 */
export const responsesDialect: InboundDialect = {
  name: 'responses',
  errors: RESPONSES_ERRORS,
  authorization: OPENAI_CLIENT.authorization,

  parse({ body }) {
    if (!isJsonObject(body)) throw badRequest('the body must be a JSON object');
    const { chat, unconvertible } = convert(body);
    return toRelayRequest(() => chat, {
      dialect: responsesDialect,
      native: body,
      forwardHeaders: {},
      nativeMode: 'responses',
      ...(unconvertible ? { unconvertible } : {}),
    });
  },

  parseCount: (input) => responsesDialect.parse(input),

  countAnswer: (tokens) => ({ object: 'response.input_tokens', input_tokens: tokens }),

  /** Not reached through adaptorFor (no adaptor declares this dialect): a plain OpenAI /v1/responses call. */
  passThroughCall(inbound, input) {
    const headers = { authorization: `Bearer ${input.target.key}` };
    const body = { ...inbound.native, model: input.upstreamModel };
    return jsonCall(input.target.baseUrl, '/v1/responses', headers, body, input.target.paramOverride);
  },

  fromOpenAI: (res, req) =>
    chatToResponse(res as OpenAIChatResponse, {
      id: newResponseId(),
      createdAt: nowSec(),
      model: req.model,
      request: req.inbound?.native ?? {},
    }),

  streamFromOpenAI(model, _promptTokens, req) {
    const conv = new ChatStreamToResponses({
      id: newResponseId(),
      createdAt: nowSec(),
      model,
      request: req?.inbound?.native ?? {},
    });
    const sse = (events: ReturnType<ChatStreamToResponses['push']>) => events.map(responsesSse).join('');
    return { push: (chunk) => sse(conv.push(chunk)), finish: () => sse(conv.finish()) };
  },
};
