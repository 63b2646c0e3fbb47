import { type AzureEndpoint, azureHeaders, azureModelsUrl, azureUrl, modelIdsFromDataList } from '../../../../providers';
import type { BuildInput, RelayAdaptor, RelayMode, UpstreamCall } from '../adaptor';
import { getCall, jsonListing } from '../model-listing';
import { openAiCompatibleAdaptor } from '../openai/openai-adaptor';

const AZURE_MODES: readonly AzureEndpoint[] = [
  'chat',
  'completions',
  'embeddings',
  'images.generations',
  'images.edits',
  'audio.speech',
  'audio.transcriptions',
  'audio.translations',
  'responses',
];

/**
 * Azure OpenAI (channel type 3): the OpenAI wire format on per-deployment URLs (deployment from the
 * model name, api-version from the channel's `other`), authenticated with `api-key`.
 */
export function azureAdaptor(): RelayAdaptor {
  const base = openAiCompatibleAdaptor({ modes: AZURE_MODES });
  const buildCall = (input: BuildInput): UpstreamCall => {
    const call = base.buildCall(input);
    const url = new URL(
      azureUrl({
        baseUrl: input.target.baseUrl,
        model: input.upstreamModel,
        endpoint: input.mode as AzureEndpoint,
        other: input.target.other,
      }),
    );
    const headers: Record<string, string> = { ...azureHeaders(input.target.key) };
    if (call.headers['content-type']) headers['content-type'] = call.headers['content-type'];
    return { ...call, origin: url.origin, path: url.pathname + url.search, headers };
  };
  const models = jsonListing((t) => getCall(azureModelsUrl(t.baseUrl, t.other), azureHeaders(t.key)), modelIdsFromDataList);
  return Object.freeze({ ...base, modes: new Set<RelayMode>(AZURE_MODES), buildCall, models });
}
