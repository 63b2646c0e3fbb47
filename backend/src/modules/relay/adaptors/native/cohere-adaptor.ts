import {
  type CohereChatResponse,
  type CohereRerankResponse,
  CohereStreamToOpenAI,
  cohereToOpenAIResponse,
  cohereToRerankResponse,
  modelIdsFromCohereList,
  openAIToCohereRequest,
  type RerankRequest,
  rerankToCohereRequest,
} from '../../../../providers';
import type { BuildInput, ProtocolAdaptor, ReadResult, RelayBody, RelayMode, UpstreamCall } from '../adaptor';
import { getCall, joinUrl, jsonListing } from '../model-listing';
import { readOpenAiError } from '../openai/openai-adaptor';
import { chatRequest, chunkStream, convertWhole, jsonBody, jsonCall, newChatId, nowSeconds } from './native-kit';

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

/** GET /v1/models: `models[].name`. */
const models = jsonListing(
  (t) => getCall(joinUrl(t.baseUrl, '/v1/models'), bearer(t.key)),
  (json) => modelIdsFromCohereList(json),
);

export function cohereAdaptor(): ProtocolAdaptor {
  return Object.freeze({
    models,
    buildCall,
    readResponse: (
      mode: RelayMode,
      body: Buffer,
      contentType: string,
      wantText = false,
      model = '',
      request?: RelayBody,
    ) =>
      mode === 'rerank'
        ? readRerank(body, contentType, request)
        : convertWhole(body, contentType, wantText, (res: CohereChatResponse) =>
            cohereToOpenAIResponse(res, { created: nowSeconds(), model }),
          ),
    streamConverter: (_mode: RelayMode, clientWantsUsage: boolean, model = '') =>
      chunkStream(
        new CohereStreamToOpenAI({ id: newChatId(), model, created: nowSeconds(), includeUsage: clientWantsUsage }),
      ),
    readError: readOpenAiError,
  });
}
