import { vertexRegionsOf } from '@gw/shared';
import type { AnthropicRequest } from '../anthropic/anthropic-types';
import { isObject } from '../shared/content';
import { checkedRegion, onProviderHost } from '../shared/destination';

/** Vertex AI: region per model, endpoint URLs for Gemini and Claude publishers, Claude body (pure). */

export const VERTEX_DEFAULT_REGION = 'global';

/**
 * The region for a model from the channel's `other`: a plain region string, or a JSON object
 * model → region with an optional "default"; empty means "global".
 */
export function vertexRegion(other: string | null | undefined, model: string): string {
  const text = (other ?? '').trim();
  if (!text) return VERTEX_DEFAULT_REGION;
  if (!text.startsWith('{')) return text;
  try {
    const map: unknown = JSON.parse(text);
    if (isObject(map)) {
      const pick = map[model] ?? map.default;
      if (typeof pick === 'string' && pick.trim()) return pick.trim();
    }
  } catch {
    // An unreadable map falls back to the default region.
  }
  return VERTEX_DEFAULT_REGION;
}

/** Vertex AI hosts: the global endpoint and `<region>-aiplatform.googleapis.com`. */
export const VERTEX_HOST = /^([a-z0-9-]+-)?aiplatform\.googleapis\.com$/;

/**
 * Every region the channel's `other` can route to, checked; throws on the first one that is not a
 * valid region name. The adaptor calls it before it asks for an access token.
 */
export function checkVertexRegions(other: string | null | undefined): void {
  for (const r of vertexRegionsOf(other) ?? [])
    if (typeof r === 'string' && r.trim()) checkedRegion(r.trim(), 'Vertex AI');
}

/** Host of a (checked) region: the global endpoint has no region prefix. */
export function vertexHost(region: string): string {
  checkedRegion(region, 'Vertex AI');
  return region === 'global' ? 'aiplatform.googleapis.com' : `${region}-aiplatform.googleapis.com`;
}

/** The Gemini models Model Garden lists for a region (publishers.models.list, v1beta1). */
export function vertexModelsUrl(region: string): string {
  return onProviderHost(
    `https://${vertexHost(region)}/v1beta1/publishers/google/models?pageSize=1000`,
    VERTEX_HOST,
    'Vertex AI',
  );
}

export function isVertexClaude(model: string): boolean {
  return model.startsWith('claude');
}

/** Vertex Claude ids with a version other than "@<date>" alone. */
const VERTEX_CLAUDE_IDS: Readonly<Record<string, string>> = {
  'claude-3-5-sonnet-20241022': 'claude-3-5-sonnet-v2@20241022',
};

/** Anthropic model name → Vertex model id: "claude-sonnet-4-20250514" → "claude-sonnet-4@20250514". */
export function vertexClaudeModel(model: string): string {
  if (model.includes('@')) return model;
  return VERTEX_CLAUDE_IDS[model] ?? model.replace(/-(\d{8})$/, '@$1');
}

/**
 * Endpoint URL. Gemini models: publishers/google, :generateContent or :streamGenerateContent?alt=sse.
 * Claude models: publishers/anthropic with the Vertex model id, :rawPredict or :streamRawPredict.
 * Throws unless the region is valid and the URL stays on a Vertex AI host.
 */
export function vertexUrl(input: { projectId: string; region: string; model: string; stream: boolean }): string {
  const { projectId, region, model, stream } = input;
  const base = `https://${vertexHost(region)}/v1/projects/${encodeURIComponent(projectId)}/locations/${region}/publishers`;
  const url = isVertexClaude(model)
    ? `${base}/anthropic/models/${encodeURIComponent(vertexClaudeModel(model))}:${stream ? 'streamRawPredict' : 'rawPredict'}`
    : `${base}/google/models/${encodeURIComponent(model)}:${stream ? 'streamGenerateContent?alt=sse' : 'generateContent'}`;
  return onProviderHost(url, VERTEX_HOST, 'Vertex AI');
}

/**
 * Vertex AI GET /v1beta1/publishers/{publisher}/models: `{"publisherModels": [{"name":
 * "publishers/google/models/gemini-2.0-flash-001"}]}` → the model ids after the last "/models/".
 */
export function modelIdsFromVertexList(list: unknown): string[] {
  const models = (list as { publisherModels?: unknown } | null)?.publisherModels;
  if (!Array.isArray(models)) return [];
  return models
    .map((m) => (m as { name?: unknown })?.name)
    .filter((name): name is string => typeof name === 'string' && name.includes('/models/'))
    .map((name) => name.slice(name.lastIndexOf('/models/') + '/models/'.length));
}

export const VERTEX_ANTHROPIC_VERSION = 'vertex-2023-10-16';

export type VertexClaudeBody = Omit<AnthropicRequest, 'model'> & { anthropic_version: string };

/** Anthropic request → rawPredict body: model removed (it is in the URL), anthropic_version added. */
export function vertexClaudeBody(req: AnthropicRequest): VertexClaudeBody {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { model, ...rest } = req;
  return { anthropic_version: VERTEX_ANTHROPIC_VERSION, ...rest };
}

/** Bearer header from an access token (see service-account.ts for obtaining one). */
export function vertexHeaders(accessToken: string): Record<string, string> {
  return { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` };
}
