import { readOpenAIError } from '../openai/adaptor';
import type { BuildInput, ProtocolAdaptor, ReadInput, ReadResult, StreamConverter, UpstreamCall } from '../provider';
import { getCall, jsonListing } from '../shared/model-listing';
import {
  chatRequest,
  chunkStream,
  convertWhole,
  jsonBody,
  newChatId,
  nowSeconds,
  readEmbeddings,
  urlCall,
} from '../shared/native-kit';
import type { OpenAIEmbeddingRequest } from '../shared/openai-types';
import { geminiToOpenAIEmbeddings, openAIToGeminiEmbedRequest } from './embeddings';
import type { GeminiBatchEmbedResponse, GeminiResponse } from './gemini-types';
import { geminiHeaders, geminiModelsUrl, geminiUrl, modelIdsFromGeminiList } from './gemini-urls';
import { openAIToGeminiRequest } from './request-from-openai';
import { geminiToOpenAIResponse } from './response-to-openai';
import { GeminiStreamToOpenAI } from './stream-to-openai';

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
  const settings = input.settings;
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
    inlineImages: true,
    buildCall,
    models,
    readResponse: ({ mode, body, contentType, wantText = false, model = '', request }: ReadInput) =>
      mode === 'embeddings'
        ? readEmbeddings(body, contentType, request, (res: GeminiBatchEmbedResponse) =>
            geminiToOpenAIEmbeddings(res, model),
          )
        : readGeminiResponse(body, contentType, wantText, model),
    streamConverter: (_mode, clientWantsUsage, model = '') => geminiStream(clientWantsUsage, model),
    readError: readOpenAIError,
  });
}
