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
import type { BuildInput, RelayAdaptor, RelayMode, UpstreamCall } from '../adaptor';
import { getCall, joinUrl, jsonListing } from '../model-listing';
import { readOpenAiError } from '../openai/openai-adaptor';
import { chatRequest, chunkStream, convertWhole, jsonCall, newChatId, nowSeconds } from './native-kit';

/** Ollama native API (channel type 4): /api/chat (NDJSON streams) and /api/embed. */
/** A key is optional (Ollama itself has none; a proxy in front of it may want a Bearer token). */
const authHeaders = (key: string): Record<string, string> => (key ? { authorization: `Bearer ${key}` } : {});

function buildCall(input: BuildInput): UpstreamCall {
  const { target } = input;
  const headers = authHeaders(target.key);
  if (input.mode === 'embeddings') {
    const json = input.body.kind === 'json' ? input.body.json : {};
    const req = openAIToOllamaEmbedRequest({
      ...(json as unknown as OpenAIEmbeddingRequest),
      model: input.upstreamModel,
    });
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

export function ollamaAdaptor(): RelayAdaptor {
  return Object.freeze({
    modes: new Set<RelayMode>(['chat', 'embeddings']),
    streamFraming: 'ndjson' as const,
    buildCall,
    models,
    readResponse: (mode: RelayMode, body: Buffer, contentType: string, wantText = false) =>
      mode === 'embeddings'
        ? convertWhole(body, contentType, wantText, (res: OllamaEmbedResponse) => ollamaToOpenAIEmbeddings(res))
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
