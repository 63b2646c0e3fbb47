import type { BuildInput, ProtocolAdaptor, ReadResult, StreamConverter, UpstreamCall } from '../provider';
import { getCall, joinUrl, jsonListing, modelIdsFromDataList } from '../shared/model-listing';
import { chatRequest, chunkStream, convertWhole, jsonCall, newChatId, nowSeconds } from '../shared/native-kit';
import { readOpenAIError } from '../openai/adaptor';
import type { AnthropicRequest, AnthropicResponse } from './anthropic-types';
import { anthropicHeaders, anthropicKeyHeaders } from './claude-settings';
import { openAIToAnthropicRequest } from './request-from-openai';
import { anthropicToOpenAIResponse } from './response-to-openai';
import { AnthropicStreamToOpenAI } from './stream-to-openai';

/** The client's chat request as an Anthropic Messages request (also sent by Bedrock and Vertex Claude). */
export function anthropicRequest(input: BuildInput): AnthropicRequest {
  return openAIToAnthropicRequest(chatRequest(input), input.settings);
}

/** An Anthropic Messages answer → OpenAI chat.completion. */
export function readAnthropicResponse(body: Buffer, contentType: string, wantText = false): ReadResult {
  return convertWhole(body, contentType, wantText, (res: AnthropicResponse) =>
    anthropicToOpenAIResponse(res, { created: nowSeconds() }),
  );
}

/** Anthropic stream events (JSON data) → OpenAI chunks. */
export function anthropicStream(clientWantsUsage: boolean, model: string): StreamConverter {
  return chunkStream(
    new AnthropicStreamToOpenAI({ id: newChatId(), model, created: nowSeconds(), includeUsage: clientWantsUsage }),
  );
}

/** Anthropic Messages API (channel type 14): OpenAI chat in, converted both ways. */
function buildCall(input: BuildInput): UpstreamCall {
  const headers = anthropicHeaders(input.target.key, input.upstreamModel, input.settings);
  return jsonCall(input.target.baseUrl, '/v1/messages', headers, anthropicRequest(input), input.target.paramOverride);
}

/** GET /v1/models (one page of up to 1000, `data[].id`); key and API version as on chat calls. */
const models = jsonListing(
  (t) => getCall(joinUrl(t.baseUrl, '/v1/models?limit=1000'), anthropicKeyHeaders(t.key)),
  modelIdsFromDataList,
);

/** How every Claude upstream answers (Anthropic, Bedrock): Messages JSON, Messages stream events. */
export const anthropicAnswers: Pick<ProtocolAdaptor, 'readResponse' | 'streamConverter' | 'readError'> = {
  readResponse: ({ body, contentType, wantText = false }) => readAnthropicResponse(body, contentType, wantText),
  streamConverter: (_mode, clientWantsUsage, model = '') => anthropicStream(clientWantsUsage, model),
  readError: readOpenAIError,
};

export function anthropicAdaptor(): ProtocolAdaptor {
  return Object.freeze({ dialect: 'anthropic' as const, inlineImages: true, buildCall, models, ...anthropicAnswers });
}
