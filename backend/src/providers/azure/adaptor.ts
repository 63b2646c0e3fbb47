import { ChannelType } from '@gw/shared';
import { OPENAI_COMPATIBLE } from '../openai-compatible';
import { openAIAdaptor } from '../openai/adaptor';
import type { BuildInput, ProtocolAdaptor, UpstreamCall } from '../provider';
import { getCall, jsonListing, modelIdsFromDataList } from '../shared/model-listing';
import { type AzureEndpoint, azureHeaders, azureModelsUrl, azureUrl } from './azure-url';

/**
 * Azure OpenAI (channel type 3): the OpenAI wire format on per-deployment URLs (deployment from the
 * model name, api-version from the channel's `other`), authenticated with `api-key`. Its modes are
 * the Azure endpoints, as providers/ declares them.
 */
export function azureAdaptor(): ProtocolAdaptor {
  const base = openAIAdaptor(OPENAI_COMPATIBLE[ChannelType.OpenAI]);
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
  const models = jsonListing(
    (t) => getCall(azureModelsUrl(t.baseUrl, t.other), azureHeaders(t.key)),
    modelIdsFromDataList,
  );
  return Object.freeze({ ...base, buildCall, models });
}
