import { readOpenAIError } from '../openai/adaptor';
import type { BuildInput, ProtocolAdaptor, ReadInput, UpstreamCall } from '../provider';
import { getCall, joinUrl, jsonListing } from '../shared/model-listing';
import {
  chatRequest,
  chunkStream,
  convertWhole,
  jsonBody,
  jsonCall,
  newChatId,
  nowSeconds,
  readEmbeddings,
} from '../shared/native-kit';
import type { OpenAIEmbeddingRequest } from '../shared/openai-types';
import { openAIToOllamaRequest, ollamaToOpenAIResponse } from './chat';
import { modelIdsFromOllamaTags, OLLAMA_PATHS, ollamaToOpenAIEmbeddings, openAIToOllamaEmbedRequest } from './embed';
import type { OllamaChatResponse, OllamaEmbedResponse } from './ollama-types';
import { OllamaStreamToOpenAI } from './stream';

/** Ollama native API (channel type 4): /api/chat (NDJSON streams) and /api/embed. */
/** A key is optional (Ollama itself has none; a proxy in front of it may want a Bearer token). */
const authHeaders = (key: string): Record<string, string> => (key ? { authorization: `Bearer ${key}` } : {});

function buildCall(input: BuildInput): UpstreamCall {
  const { target } = input;
  const headers = authHeaders(target.key);
  if (input.mode === 'embeddings') {
    const req = openAIToOllamaEmbedRequest(jsonBody<OpenAIEmbeddingRequest>(input));
    return jsonCall(target.baseUrl, OLLAMA_PATHS.embed, headers, req, target.paramOverride);
  }
  const req = openAIToOllamaRequest(chatRequest(input));
  return jsonCall(target.baseUrl, OLLAMA_PATHS.chat, headers, req, target.paramOverride);
}

/** GET /api/tags → `models[].name`. */
const models = jsonListing(
  (t) => getCall(joinUrl(t.baseUrl, OLLAMA_PATHS.models), authHeaders(t.key)),
  (json) => modelIdsFromOllamaTags(json as Parameters<typeof modelIdsFromOllamaTags>[0]),
);

export function ollamaAdaptor(): ProtocolAdaptor {
  return Object.freeze({
    streamFraming: 'ndjson' as const,
    buildCall,
    models,
    readResponse: ({ mode, body, contentType, wantText = false, request }: ReadInput) =>
      mode === 'embeddings'
        ? readEmbeddings(body, contentType, request, (res: OllamaEmbedResponse) => ollamaToOpenAIEmbeddings(res))
        : convertWhole(body, contentType, wantText, (res: OllamaChatResponse) =>
            ollamaToOpenAIResponse(res, { id: newChatId(), created: nowSeconds() }),
          ),
    streamConverter: (_mode, clientWantsUsage, model = '') =>
      chunkStream(
        new OllamaStreamToOpenAI({ id: newChatId(), model, created: nowSeconds(), includeUsage: clientWantsUsage }),
      ),
    readError: readOpenAIError,
  });
}
