import { readOpenAIError } from '../openai/adaptor';
import type { BuildInput, ProtocolAdaptor, ReadInput, ReadResult, RelayBody, UpstreamCall } from '../provider';
import { getCall, joinUrl, jsonListing } from '../shared/model-listing';
import {
  chatRequest,
  chunkStream,
  convertWhole,
  jsonBody,
  jsonCall,
  newChatId,
  nowSeconds,
} from '../shared/native-kit';
import { cohereToOpenAIResponse, openAIToCohereRequest } from './chat';
import type { CohereChatResponse, CohereRerankResponse } from './cohere-types';
import { cohereToRerankResponse, type RerankRequest, rerankToCohereRequest } from './rerank';
import { CohereStreamToOpenAI } from './stream';

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

/** Cohere v2 (channel type 34): /v2/chat (SSE streams) and /v2/rerank, Bearer key. */
function buildCall(input: BuildInput): UpstreamCall {
  const { target } = input;
  if (input.mode === 'rerank') {
    const req = rerankToCohereRequest(jsonBody<RerankRequest>(input));
    return jsonCall(target.baseUrl, '/v2/rerank', bearer(target.key), req, target.paramOverride);
  }
  return jsonCall(
    target.baseUrl,
    '/v2/chat',
    bearer(target.key),
    openAIToCohereRequest(chatRequest(input)),
    target.paramOverride,
  );
}

/** Cohere bills rerank in search units, not tokens: usage stays null so the prompt is counted locally. */
function readRerank(body: Buffer, contentType: string, request: RelayBody | undefined): ReadResult {
  const req = (request?.kind === 'json' ? request.json : {}) as unknown as RerankRequest;
  const read = convertWhole(body, contentType, false, (res: CohereRerankResponse) =>
    cohereToRerankResponse(res, { ...req, documents: req.documents ?? [] }),
  );
  return { ...read, usage: null, outputText: '' };
}

/** Cohere GET /v1/models: `{"models": [{"name", "endpoints": [...]}]}`; `endpoint` keeps models serving it (e.g. "chat"). */
export function modelIdsFromCohereList(list: unknown, endpoint?: string): string[] {
  const models = (list as { models?: unknown } | null)?.models;
  if (!Array.isArray(models)) return [];
  return models
    .map((m) => m as { name?: unknown; endpoints?: unknown })
    .filter(
      (m) =>
        typeof m.name === 'string' && (!endpoint || (Array.isArray(m.endpoints) && m.endpoints.includes(endpoint))),
    )
    .map((m) => m.name as string);
}

/** GET /v1/models: `models[].name`. */
const models = jsonListing(
  (t) => getCall(joinUrl(t.baseUrl, '/v1/models'), bearer(t.key)),
  (json) => modelIdsFromCohereList(json),
);

export function cohereAdaptor(): ProtocolAdaptor {
  return Object.freeze({
    models,
    buildCall,
    readResponse: ({ mode, body, contentType, wantText = false, model = '', request }: ReadInput) =>
      mode === 'rerank'
        ? readRerank(body, contentType, request)
        : convertWhole(body, contentType, wantText, (res: CohereChatResponse) =>
            cohereToOpenAIResponse(res, { created: nowSeconds(), model }),
          ),
    streamConverter: (_mode, clientWantsUsage, model = '') =>
      chunkStream(
        new CohereStreamToOpenAI({ id: newChatId(), model, created: nowSeconds(), includeUsage: clientWantsUsage }),
      ),
    readError: readOpenAIError,
  });
}
