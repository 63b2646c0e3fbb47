import {
  type AnthropicRequest,
  AnthropicStreamToOpenAI,
  anthropicHeaders,
  anthropicToOpenAIResponse,
  type AnthropicResponse,
  type ClaudeSettings,
  modelIdsFromDataList,
  openAIToAnthropicRequest,
} from '../../../../providers';
import type { BuildInput, ProtocolAdaptor, ReadResult, RelayMode, StreamConverter, UpstreamCall } from '../adaptor';
import { getCall, joinUrl, jsonListing } from '../model-listing';
import { readOpenAiError } from '../openai/openai-adaptor';
import { chatRequest, chunkStream, convertWhole, jsonCall, newChatId, nowSeconds, settingsOf } from './native-kit';

/** The client's chat request as an Anthropic Messages request (also sent by Bedrock and Vertex Claude). */
export function anthropicRequest(input: BuildInput): AnthropicRequest {
  return openAIToAnthropicRequest(chatRequest(input), settingsOf(input));
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
  const headers = anthropicHeaders(input.target.key, input.upstreamModel, settingsOf(input));
  return jsonCall(input.target.baseUrl, '/v1/messages', headers, anthropicRequest(input), input.target.paramOverride);
}

/** GET /v1/models (one page of up to 1000, `data[].id`); key and API version as on chat calls. */
const models = jsonListing(
  (t) => getCall(joinUrl(t.baseUrl, '/v1/models?limit=1000'), anthropicHeaders(t.key, '', {} as ClaudeSettings)),
  modelIdsFromDataList,
);

/** How every Claude upstream answers (Anthropic, Bedrock): Messages JSON, Messages stream events. */
export const anthropicAnswers: Pick<ProtocolAdaptor, 'readResponse' | 'streamConverter' | 'readError'> = {
  readResponse: (_mode: RelayMode, body: Buffer, contentType: string, wantText = false) =>
    readAnthropicResponse(body, contentType, wantText),
  streamConverter: (_mode: RelayMode, clientWantsUsage: boolean, model = '') =>
    anthropicStream(clientWantsUsage, model),
  readError: readOpenAiError,
};

export function anthropicAdaptor(): ProtocolAdaptor {
  return Object.freeze({ dialect: 'anthropic' as const, buildCall, models, ...anthropicAnswers });
}
