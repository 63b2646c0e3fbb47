/** Azure OpenAI URLs and headers (pure). */

/** Latest GA data-plane inference version (Azure OpenAI REST reference); a channel's `other` overrides it. */
export const AZURE_DEFAULT_API_VERSION = '2024-10-21';

export type AzureEndpoint =
  | 'chat'
  | 'completions'
  | 'embeddings'
  | 'images.generations'
  | 'images.edits'
  | 'audio.speech'
  | 'audio.transcriptions'
  | 'audio.translations'
  | 'responses';

const DEPLOYMENT_PATHS: Record<Exclude<AzureEndpoint, 'responses'>, string> = {
  chat: '/chat/completions',
  completions: '/completions',
  embeddings: '/embeddings',
  'images.generations': '/images/generations',
  'images.edits': '/images/edits',
  'audio.speech': '/audio/speech',
  'audio.transcriptions': '/audio/transcriptions',
  'audio.translations': '/audio/translations',
};

/**
 * The deployment serving a model: an explicit mapping entry wins; otherwise the model name with its
 * dots removed, as Azure deployment names are usually written ("gpt-3.5-turbo" → "gpt-35-turbo").
 */
export function azureDeployment(model: string, deployments: Readonly<Record<string, string>> = {}): string {
  return deployments[model] || model.replace(/\./g, '');
}

/** api-version from the channel's `other` (trimmed), else the default GA version. */
export function azureApiVersion(other: string | null | undefined): string {
  const v = (other ?? '').trim();
  return v || AZURE_DEFAULT_API_VERSION;
}

export interface AzureUrlInput {
  /** The resource endpoint, e.g. https://my-resource.openai.azure.com (trailing slashes ignored). */
  baseUrl: string;
  model: string;
  endpoint: AzureEndpoint;
  /** The channel's `other` field: the api-version. */
  other?: string | null;
  deployments?: Readonly<Record<string, string>>;
}

/**
 * `{base}/openai/deployments/{deployment}{path}?api-version={version}`. The Responses API is not
 * per deployment: it lives on the v1 surface, `{base}/openai/v1/responses`, with the model in the body.
 */
export function azureUrl(input: AzureUrlInput): string {
  const base = input.baseUrl.replace(/\/+$/, '');
  if (input.endpoint === 'responses') return `${base}/openai/v1/responses`;
  const deployment = encodeURIComponent(azureDeployment(input.model, input.deployments));
  const version = encodeURIComponent(azureApiVersion(input.other));
  return `${base}/openai/deployments/${deployment}${DEPLOYMENT_PATHS[input.endpoint]}?api-version=${version}`;
}

/**
 * The models the resource can use: `{base}/openai/models?api-version=...` (data-plane "Models - List",
 * answering `{"data":[{"id"}]}`). The data-plane deployment list was retired after 2023-03-15-preview;
 * the relay derives deployment names from model names (azureDeployment), so model ids are what a
 * channel lists.
 */
export function azureModelsUrl(baseUrl: string, other: string | null | undefined): string {
  return `${baseUrl.replace(/\/+$/, '')}/openai/models?api-version=${encodeURIComponent(azureApiVersion(other))}`;
}

/** Azure authenticates with `api-key` (not Authorization: Bearer). */
export function azureHeaders(apiKey: string): Record<string, string> {
  return { 'api-key': apiKey };
}
