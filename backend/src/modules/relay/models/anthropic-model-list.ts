import type { OpenAIModel } from './relay-models.service';

/** One model in Anthropic's Models API shape (`GET /v1/models/{id}`). */
export interface AnthropicModel {
  type: 'model';
  id: string;
  display_name: string;
  /** RFC 3339. */
  created_at: string;
}

/** Anthropic's list page: every model on one page, so `has_more` is always false. */
export interface AnthropicModelList {
  data: AnthropicModel[];
  first_id: string | null;
  last_id: string | null;
  has_more: false;
}

/**
 * Pure: whether a models request comes from an Anthropic client, which always sends
 * `anthropic-version` (its key may come as `x-api-key` or, from newer SDKs, as a Bearer token); such
 * clients get Anthropic's shapes, everyone else OpenAI's (docs/relay.md).
 */
export function wantsAnthropicModels(headers: Record<string, unknown>): boolean {
  return Boolean(headers['anthropic-version']);
}

export function anthropicModel(m: OpenAIModel): AnthropicModel {
  return {
    type: 'model',
    id: m.id,
    display_name: m.id,
    created_at: new Date(m.created * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
  };
}

export function anthropicModelList(models: readonly OpenAIModel[]): AnthropicModelList {
  const data = models.map(anthropicModel);
  return { data, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null, has_more: false };
}
