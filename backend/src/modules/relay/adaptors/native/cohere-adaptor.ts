import { ChannelType } from '@gw/shared';
import { cohereToOpenAIResponse, openAIToCohereRequest } from '../../../../providers/cohere/chat';
import type { CohereChatResponse, CohereRerankResponse } from '../../../../providers/cohere/cohere-types';
import { cohereToRerankResponse, type RerankRequest, rerankToCohereRequest } from '../../../../providers/cohere/rerank';
import { CohereStreamToOpenAI } from '../../../../providers/cohere/stream';
import { modelIdsFromCohereList } from '../../../../providers/model-lists';
import { readOpenAIError } from '../../../../providers/openai/adaptor';
import type {
  BuildInput,
  NativeProvider,
  ProtocolAdaptor,
  ReadInput,
  ReadResult,
  RelayBody,
  UpstreamCall,
} from '../../../../providers/provider';
import { getCall, joinUrl, jsonListing } from '../../../../providers/shared/model-listing';
import {
  chatRequest,
  chunkStream,
  convertWhole,
  jsonBody,
  jsonCall,
  newChatId,
  nowSeconds,
} from '../../../../providers/shared/native-kit';

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

/** Cohere v2: chat, streams and rerank. */
export const cohere: NativeProvider<'cohere'> = {
  protocol: 'cohere',
  channelTypes: [ChannelType.Cohere],
  capabilities: ['chat', 'stream', 'rerank'],
  adaptor: () => cohereAdaptor(),
};
