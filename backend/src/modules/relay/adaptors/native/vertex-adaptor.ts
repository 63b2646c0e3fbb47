import {
  checkVertexRegions,
  isVertexClaude,
  modelIdsFromVertexList,
  openAIToGeminiRequest,
  parseServiceAccountKey,
  vertexClaudeBody,
  vertexHeaders,
  vertexModelsUrl,
  vertexRegion,
  vertexUrl,
} from '../../../../providers';
import { getCall, jsonListing } from '../model-listing';
import type { AdaptorTarget, BuildInput, ProtocolAdaptor, RelayMode, UpstreamCall } from '../adaptor';
import { readOpenAiError } from '../openai/openai-adaptor';
import { anthropicRequest, anthropicStream, readAnthropicResponse } from './anthropic-adaptor';
import { geminiStream, readGeminiResponse } from './gemini-adaptor';
import { chatRequest, overrideOrigin, settingsOf, urlCall } from './native-kit';
import { AccessTokenCache } from './vertex-token';

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
  const { model, request } = openAIToGeminiRequest(chatRequest(input), settingsOf(input));
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

export function vertexAdaptor(tokens = new AccessTokenCache()): ProtocolAdaptor {
  return Object.freeze({
    // Regions first: a channel whose region would leave Google's hosts gets no token at all.
    prepare: async (target: AdaptorTarget, signal?: AbortSignal): Promise<AdaptorTarget> => {
      checkVertexRegions(target.other);
      return { ...target, credential: await tokens.token(parseServiceAccountKey(target.key), signal) };
    },
    buildCall,
    models,
    readResponse: (_mode: RelayMode, body: Buffer, contentType: string, wantText = false, model = '') =>
      isVertexClaude(model)
        ? readAnthropicResponse(body, contentType, wantText)
        : readGeminiResponse(body, contentType, wantText, model),
    streamConverter: (_mode: RelayMode, clientWantsUsage: boolean, model = '') =>
      isVertexClaude(model) ? anthropicStream(clientWantsUsage, model) : geminiStream(clientWantsUsage, model),
    readError: readOpenAiError,
  });
}
