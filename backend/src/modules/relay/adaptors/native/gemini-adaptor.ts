import {
  GeminiStreamToOpenAI,
  geminiHeaders,
  geminiModelsUrl,
  geminiToOpenAIResponse,
  geminiUrl,
  type GeminiResponse,
  modelIdsFromGeminiList,
  openAIToGeminiRequest,
} from '../../../../providers';
import type { BuildInput, RelayAdaptor, RelayMode, UpstreamCall } from '../adaptor';
import { getCall, jsonListing } from '../model-listing';
import { readOpenAiError } from '../openai/openai-adaptor';
import { chatRequest, chunkStream, convertWhole, newChatId, nowSeconds, settingsOf, urlCall } from './native-kit';

/** Gemini generateContent / streamGenerateContent (channel type 24; streams as SSE via alt=sse). */
function buildCall(input: BuildInput): UpstreamCall {
  const settings = settingsOf(input);
  const { model, request } = openAIToGeminiRequest(chatRequest(input), settings);
  const action = input.stream ? 'streamGenerateContent' : 'generateContent';
  const url = geminiUrl(input.target.baseUrl, model, action, settings);
  return urlCall(url, geminiHeaders(input.target.key), request, input.target.paramOverride);
}

/** GET /v1beta/models?pageSize=1000; names without their "models/" prefix. */
const models = jsonListing(
  (t) => getCall(geminiModelsUrl(t.baseUrl), geminiHeaders(t.key)),
  (json) => modelIdsFromGeminiList(json as Parameters<typeof modelIdsFromGeminiList>[0]),
);

export function geminiAdaptor(): RelayAdaptor {
  return Object.freeze({
    modes: new Set<RelayMode>(['chat']),
    buildCall,
    models,
    readResponse: (_mode: RelayMode, body: Buffer, contentType: string, wantText = false, model = '') =>
      convertWhole(body, contentType, wantText, (res: GeminiResponse) =>
        geminiToOpenAIResponse(res, { id: res.responseId ?? newChatId(), model, created: nowSeconds() }),
      ),
    streamConverter: (_mode: RelayMode, clientWantsUsage: boolean, model = '') =>
      chunkStream(
        new GeminiStreamToOpenAI({ id: newChatId(), model, created: nowSeconds(), includeUsage: clientWantsUsage }),
      ),
    readError: readOpenAiError,
  });
}
