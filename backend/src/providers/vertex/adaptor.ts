import { anthropicRequest, anthropicStream, readAnthropicResponse } from '../anthropic/adaptor';
import { geminiStream, readGeminiResponse } from '../gemini/adaptor';
import { openAIToGeminiRequest } from '../gemini/request-from-openai';
import { readOpenAIError } from '../openai/adaptor';
import type {
  AccessTokenSource,
  AdaptorTarget,
  BuildInput,
  ProtocolAdaptor,
  ReadInput,
  UpstreamCall,
} from '../provider';
import { getCall, jsonListing } from '../shared/model-listing';
import { chatRequest, overrideOrigin, urlCall } from '../shared/native-kit';
import { parseServiceAccountKey } from './service-account';
import {
  checkVertexRegions,
  isVertexClaude,
  modelIdsFromVertexList,
  vertexClaudeBody,
  vertexHeaders,
  vertexModelsUrl,
  vertexRegion,
  vertexUrl,
} from './vertex-urls';

/**
 * The endpoint of a model: region from the channel's `other` (plain region or model → region map),
 * project from the service account, host overridable by the channel's base URL (root's choice). The
 * provider URL is checked (valid region, Vertex AI host) before the base URL replaces its origin.
 */
export function vertexEndpoint(
  target: Pick<AdaptorTarget, 'baseUrl' | 'other'>,
  projectId: string,
  model: string,
  stream: boolean,
): string {
  const region = vertexRegion(target.other, model);
  return overrideOrigin(vertexUrl({ projectId, region, model, stream }), target.baseUrl);
}

/**
 * Vertex AI (channel type 41), key = service-account JSON. Gemini models speak generateContent,
 * Claude models the Anthropic Messages body on rawPredict; both with an OAuth access token that
 * prepare() obtains (and caches) from the service account.
 */
function buildCall(input: BuildInput): UpstreamCall {
  const { target } = input;
  if (!target.credential) throw new Error('Vertex AI call without an access token');
  const { project_id } = parseServiceAccountKey(target.key);
  const headers = vertexHeaders(target.credential);
  if (isVertexClaude(input.upstreamModel)) {
    const body = vertexClaudeBody(anthropicRequest(input));
    const url = vertexEndpoint(target, project_id, input.upstreamModel, input.stream);
    return urlCall(url, headers, body, target.paramOverride);
  }
  const { model, request } = openAIToGeminiRequest(chatRequest(input), input.settings);
  const url = vertexEndpoint(target, project_id, model, input.stream);
  return urlCall(url, headers, request, target.paramOverride);
}

/** Model Garden's Gemini models in the channel's default region, with the token prepare() obtained. */
const models = jsonListing((t) => {
  if (!t.credential) throw new Error('Vertex AI listing without an access token');
  checkVertexRegions(t.other);
  const url = overrideOrigin(vertexModelsUrl(vertexRegion(t.other, '')), t.baseUrl);
  return getCall(url, vertexHeaders(t.credential));
}, modelIdsFromVertexList);

/** `tokens`: the shared access-token cache of the upstream layer (the token exchange is I/O). */
export function vertexAdaptor(tokens: AccessTokenSource): ProtocolAdaptor {
  return Object.freeze({
    inlineImages: true,
    // Regions first: a channel whose region would leave Google's hosts gets no token at all.
    prepare: async (target: AdaptorTarget, signal?: AbortSignal): Promise<AdaptorTarget> => {
      checkVertexRegions(target.other);
      return { ...target, credential: await tokens.token(parseServiceAccountKey(target.key), signal) };
    },
    buildCall,
    models,
    readResponse: ({ body, contentType, wantText = false, model = '' }: ReadInput) =>
      isVertexClaude(model)
        ? readAnthropicResponse(body, contentType, wantText)
        : readGeminiResponse(body, contentType, wantText, model),
    streamConverter: (_mode, clientWantsUsage, model = '') =>
      isVertexClaude(model) ? anthropicStream(clientWantsUsage, model) : geminiStream(clientWantsUsage, model),
    readError: readOpenAIError,
  });
}
