import {
  AnthropicStreamToOpenAI,
  anthropicHeaders,
  anthropicToOpenAIResponse,
  type AnthropicResponse,
  type ClaudeSettings,
  modelIdsFromDataList,
  openAIToAnthropicRequest,
} from '../../../../providers';
import type { BuildInput, RelayAdaptor, RelayMode, UpstreamCall } from '../adaptor';
import { getCall, joinUrl, jsonListing } from '../model-listing';
import { readOpenAiError } from '../openai/openai-adaptor';
import { chatRequest, chunkStream, convertWhole, jsonCall, newChatId, nowSeconds, settingsOf } from './native-kit';

/** Anthropic Messages API (channel type 14): OpenAI chat in, converted both ways. */
function buildCall(input: BuildInput): UpstreamCall {
  const settings = settingsOf(input);
  const req = openAIToAnthropicRequest(chatRequest(input), settings);
  const headers = anthropicHeaders(input.target.key, input.upstreamModel, settings);
  return jsonCall(input.target.baseUrl, '/v1/messages', headers, req, input.target.paramOverride);
}

/** GET /v1/models (one page of up to 1000, `data[].id`); key and API version as on chat calls. */
const models = jsonListing(
  (t) => getCall(joinUrl(t.baseUrl, '/v1/models?limit=1000'), anthropicHeaders(t.key, '', {} as ClaudeSettings)),
  modelIdsFromDataList,
);

export function anthropicAdaptor(): RelayAdaptor {
  return Object.freeze({
    modes: new Set<RelayMode>(['chat']),
    buildCall,
    models,
    readResponse: (_mode: RelayMode, body: Buffer, contentType: string, wantText = false) =>
      convertWhole(body, contentType, wantText, (res: AnthropicResponse) =>
        anthropicToOpenAIResponse(res, { created: nowSeconds() }),
      ),
    streamConverter: (_mode: RelayMode, clientWantsUsage: boolean, model = '') =>
      chunkStream(
        new AnthropicStreamToOpenAI({ id: newChatId(), model, created: nowSeconds(), includeUsage: clientWantsUsage }),
      ),
    readError: readOpenAiError,
  });
}
