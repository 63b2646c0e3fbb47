import {
  type GeminiBatchEmbedResponse,
  GeminiStreamToOpenAI,
  geminiHeaders,
  geminiModelsUrl,
  geminiToOpenAIEmbeddings,
  geminiToOpenAIResponse,
  geminiUrl,
  type GeminiResponse,
  modelIdsFromGeminiList,
  type OpenAIEmbeddingRequest,
  openAIToGeminiEmbedRequest,
  openAIToGeminiRequest,
} from '../../../../providers';
import type {
  BuildInput,
  ProtocolAdaptor,
  ReadResult,
  RelayBody,
  RelayMode,
  StreamConverter,
  UpstreamCall,
} from '../adaptor';
import { getCall, jsonListing } from '../model-listing';
import { readOpenAiError } from '../openai/openai-adaptor';
import {
  chatRequest,
  chunkStream,
  convertWhole,
  jsonBody,
  newChatId,
  nowSeconds,
  readEmbeddings,
  settingsOf,
  urlCall,
} from './native-kit';

/** A generateContent answer → OpenAI chat.completion (also for Gemini on Vertex). */
export function readGeminiResponse(body: Buffer, contentType: string, wantText: boolean, model: string): ReadResult {
  return convertWhole(body, contentType, wantText, (res: GeminiResponse) =>
    geminiToOpenAIResponse(res, { id: res.responseId ?? newChatId(), model, created: nowSeconds() }),
  );
}

/** streamGenerateContent?alt=sse events → OpenAI chunks. */
export function geminiStream(clientWantsUsage: boolean, model: string): StreamConverter {
  return chunkStream(
    new GeminiStreamToOpenAI({ id: newChatId(), model, created: nowSeconds(), includeUsage: clientWantsUsage }),
  );
}

/**
 * Gemini API (channel type 24): generateContent / streamGenerateContent (SSE via alt=sse) for chat,
 * batchEmbedContents for embeddings.
 */
function buildCall(input: BuildInput): UpstreamCall {
  const settings = settingsOf(input);
  const { target } = input;
  if (input.mode === 'embeddings') {
    const req = openAIToGeminiEmbedRequest(jsonBody<OpenAIEmbeddingRequest>(input), input.upstreamModel);
    const url = geminiUrl(target.baseUrl, input.upstreamModel, 'batchEmbedContents', settings);
    return urlCall(url, geminiHeaders(target.key), req, target.paramOverride);
  }
  const { model, request } = openAIToGeminiRequest(chatRequest(input), settings);
  const url = geminiUrl(target.baseUrl, model, input.stream ? 'streamGenerateContent' : 'generateContent', settings);
  return urlCall(url, geminiHeaders(target.key), request, target.paramOverride);
}

/** GET /v1beta/models?pageSize=1000; names without their "models/" prefix. */
const models = jsonListing(
  (t) => getCall(geminiModelsUrl(t.baseUrl), geminiHeaders(t.key)),
  (json) => modelIdsFromGeminiList(json as Parameters<typeof modelIdsFromGeminiList>[0]),
);

export function geminiAdaptor(): ProtocolAdaptor {
  return Object.freeze({
    dialect: 'gemini' as const,
    buildCall,
    models,
    readResponse: (
      mode: RelayMode,
      body: Buffer,
      contentType: string,
      wantText = false,
      model = '',
      request?: RelayBody,
    ) =>
      mode === 'embeddings'
        ? readEmbeddings(body, contentType, request, (res: GeminiBatchEmbedResponse) =>
            geminiToOpenAIEmbeddings(res, model),
          )
        : readGeminiResponse(body, contentType, wantText, model),
    streamConverter: (_mode: RelayMode, clientWantsUsage: boolean, model = '') => geminiStream(clientWantsUsage, model),
    readError: readOpenAiError,
  });
}
