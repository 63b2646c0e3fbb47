import type { AnthropicRequest } from '../anthropic/anthropic-types';
import { checkedRegion, onProviderHost } from '../shared/destination';
import { ProviderInputError } from '../shared/errors';
import { type AwsCredentials, signV4 } from './sigv4';

/** Claude on AWS Bedrock: channel key, model ids, request body and signed call (pure). */

export interface BedrockKey extends AwsCredentials {
  region: string;
}

/** Channel key `AK|SK|region` (a fourth part, if present, is a session token). */
export function parseBedrockKey(key: string): BedrockKey {
  const [accessKeyId, secretAccessKey, region, sessionToken] = key.split('|').map((s) => s.trim());
  if (!accessKeyId || !secretAccessKey || !region || !/^[a-z]{2}(-[a-z]+)+-\d+$/.test(region)) {
    throw new ProviderInputError('Bedrock key must be "AccessKeyId|SecretAccessKey|region"');
  }
  return { accessKeyId, secretAccessKey, region, ...(sessionToken ? { sessionToken } : {}) };
}

/** Anthropic model names → Bedrock model ids (names not listed get `anthropic.<name>-v1:0`). */
export const BEDROCK_CLAUDE_IDS: Readonly<Record<string, string>> = {
  'claude-instant-1.2': 'anthropic.claude-instant-v1',
  'claude-2.0': 'anthropic.claude-v2',
  'claude-2.1': 'anthropic.claude-v2:1',
  'claude-3-haiku-20240307': 'anthropic.claude-3-haiku-20240307-v1:0',
  'claude-3-sonnet-20240229': 'anthropic.claude-3-sonnet-20240229-v1:0',
  'claude-3-opus-20240229': 'anthropic.claude-3-opus-20240229-v1:0',
  'claude-3-5-sonnet-20240620': 'anthropic.claude-3-5-sonnet-20240620-v1:0',
  'claude-3-5-sonnet-20241022': 'anthropic.claude-3-5-sonnet-20241022-v2:0',
  'claude-3-5-haiku-20241022': 'anthropic.claude-3-5-haiku-20241022-v1:0',
  'claude-3-7-sonnet-20250219': 'anthropic.claude-3-7-sonnet-20250219-v1:0',
  'claude-sonnet-4-20250514': 'anthropic.claude-sonnet-4-20250514-v1:0',
  'claude-opus-4-20250514': 'anthropic.claude-opus-4-20250514-v1:0',
  'claude-opus-4-1-20250805': 'anthropic.claude-opus-4-1-20250805-v1:0',
  'claude-sonnet-4-5-20250929': 'anthropic.claude-sonnet-4-5-20250929-v1:0',
  'claude-haiku-4-5-20251001': 'anthropic.claude-haiku-4-5-20251001-v1:0',
};

const CROSS_REGION = /^(us|eu|apac|jp|au|us-gov|global)\./;

/** The inference-profile prefix for a region: us-east-1 → us, eu-west-3 → eu, ap-* → apac. */
export function crossRegionPrefix(region: string): string {
  if (region.startsWith('us-gov-')) return 'us-gov';
  if (region.startsWith('ap-')) return 'apac';
  return region.split('-')[0];
}

/**
 * Model name → Bedrock model id. A cross-region prefix on the name ("us.claude-…") is kept;
 * `crossRegion` adds one (a prefix, or "auto" to derive it from `region`). Ids already in Bedrock
 * form ("anthropic.…") pass through.
 */
export function bedrockModelId(model: string, opts: { crossRegion?: string; region?: string } = {}): string {
  const given = CROSS_REGION.exec(model)?.[1];
  const name = given ? model.slice(given.length + 1) : model;
  const id = name.startsWith('anthropic.') || !name.startsWith('claude') ? name : (BEDROCK_CLAUDE_IDS[name] ?? `anthropic.${name}-v1:0`);
  const prefix = given ?? (opts.crossRegion === 'auto' ? (opts.region ? crossRegionPrefix(opts.region) : undefined) : opts.crossRegion);
  return prefix ? `${prefix}.${id}` : id;
}

export const BEDROCK_ANTHROPIC_VERSION = 'bedrock-2023-05-31';

export type BedrockClaudeBody = Omit<AnthropicRequest, 'model' | 'stream'> & { anthropic_version: string; anthropic_beta?: string[] };

/** Anthropic request → InvokeModel body: model and stream removed (they live in the URL), version added, betas in the body. */
export function bedrockClaudeBody(req: AnthropicRequest, betas: readonly string[] = []): BedrockClaudeBody {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { model, stream, ...rest } = req;
  return { anthropic_version: BEDROCK_ANTHROPIC_VERSION, ...rest, ...(betas.length ? { anthropic_beta: [...betas] } : {}) };
}

/** Bedrock runtime (InvokeModel) and control-plane (model list) hosts of a region. */
export const BEDROCK_RUNTIME_HOST = /^bedrock-runtime\.[a-z0-9-]+\.amazonaws\.com$/;
export const BEDROCK_CONTROL_HOST = /^bedrock\.[a-z0-9-]+\.amazonaws\.com$/;

/** InvokeModel URL; throws unless the region is valid and the URL stays on the region's runtime host. */
export function bedrockInvokeUrl(region: string, modelId: string, stream: boolean): string {
  const url = `https://bedrock-runtime.${checkedRegion(region, 'Bedrock')}.amazonaws.com/model/${encodeURIComponent(modelId)}/${stream ? 'invoke-with-response-stream' : 'invoke'}`;
  return onProviderHost(url, BEDROCK_RUNTIME_HOST, 'Bedrock');
}

/** The Anthropic foundation models of a region (control plane, service "bedrock"). */
export function bedrockModelsUrl(region: string): string {
  const url = `https://bedrock.${checkedRegion(region, 'Bedrock')}.amazonaws.com/foundation-models?byProvider=Anthropic`;
  return onProviderHost(url, BEDROCK_CONTROL_HOST, 'Bedrock');
}

export interface BedrockCall {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** The complete signed InvokeModel(/WithResponseStream) call for a Claude request. */
export function bedrockClaudeCall(input: {
  key: BedrockKey;
  modelId: string;
  stream: boolean;
  body: BedrockClaudeBody;
  date: Date;
  /** The URL to send to when not the regional default (a proxy, a test double); it is what gets signed. */
  url?: string;
}): BedrockCall {
  const url = input.url ?? bedrockInvokeUrl(input.key.region, input.modelId, input.stream);
  const body = JSON.stringify(input.body);
  const headers = { 'content-type': 'application/json', accept: input.stream ? 'application/vnd.amazon.eventstream' : 'application/json' };
  const signed = signV4({ method: 'POST', url, headers, body, region: input.key.region, service: 'bedrock', credentials: input.key, date: input.date });
  return { url, headers: signed.headers, body };
}

/** Bedrock GET /foundation-models: `{"modelSummaries": [{"modelId", ...}]}`. */
export function modelIdsFromBedrockList(list: unknown): string[] {
  const models = (list as { modelSummaries?: unknown } | null)?.modelSummaries;
  if (!Array.isArray(models)) return [];
  return models
    .map((m) => (m as { modelId?: unknown })?.modelId)
    .filter((id): id is string => typeof id === 'string' && !!id);
}
