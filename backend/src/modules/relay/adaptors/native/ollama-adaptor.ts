import {
  OLLAMA_PATHS,
  type OllamaChatResponse,
  type OllamaEmbedResponse,
  OllamaStreamToOpenAI,
  type OpenAIEmbeddingRequest,
  modelIdsFromOllamaTags,
  ollamaToOpenAIEmbeddings,
  ollamaToOpenAIResponse,
  openAIToOllamaEmbedRequest,
  openAIToOllamaRequest,
} from '../../../../providers';
import type { BuildInput, ProtocolAdaptor, RelayBody, RelayMode, UpstreamCall } from '../adaptor';
import { getCall, joinUrl, jsonListing } from '../model-listing';
import { readOpenAiError } from '../openai/openai-adaptor';
import {
  chatRequest,
  chunkStream,
  convertWhole,
  jsonBody,
  jsonCall,
  newChatId,
  nowSeconds,
  readEmbeddings,
} from './native-kit';

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
    readResponse: (
      mode: RelayMode,
      body: Buffer,
      contentType: string,
      wantText = false,
      _model = '',
      request?: RelayBody,
    ) =>
      mode === 'embeddings'
        ? readEmbeddings(body, contentType, request, (res: OllamaEmbedResponse) => ollamaToOpenAIEmbeddings(res))
        : convertWhole(body, contentType, wantText, (res: OllamaChatResponse) =>
            ollamaToOpenAIResponse(res, { id: newChatId(), created: nowSeconds() }),
          ),
    streamConverter: (_mode: RelayMode, clientWantsUsage: boolean, model = '') =>
      chunkStream(
        new OllamaStreamToOpenAI({ id: newChatId(), model, created: nowSeconds(), includeUsage: clientWantsUsage }),
      ),
    readError: readOpenAiError,
  });
}
