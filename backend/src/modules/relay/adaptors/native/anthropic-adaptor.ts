import {
  AnthropicStreamToOpenAI,
  anthropicHeaders,
  anthropicToOpenAIResponse,
  type AnthropicResponse,
  openAIToAnthropicRequest,
} from '../../../../providers';
import type { BuildInput, RelayAdaptor, RelayMode, UpstreamCall } from '../adaptor';
import { readOpenAiError } from '../openai/openai-adaptor';
import { chatRequest, chunkStream, convertWhole, jsonCall, newChatId, nowSeconds, settingsOf } from './native-kit';

/** Anthropic Messages API (channel type 14): OpenAI chat in, converted both ways. */
function buildCall(input: BuildInput): UpstreamCall {
  const settings = settingsOf(input);
  const req = openAIToAnthropicRequest(chatRequest(input), settings);
  const headers = anthropicHeaders(input.target.key, input.upstreamModel, settings);
  return jsonCall(input.target.baseUrl, '/v1/messages', headers, req, input.target.paramOverride);
}

export function anthropicAdaptor(): RelayAdaptor {
  return Object.freeze({
    modes: new Set<RelayMode>(['chat']),
    dialect: 'anthropic' as const,
    buildCall,
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
