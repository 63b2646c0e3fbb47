import { anthropicAnswers, anthropicRequest } from '../anthropic/adaptor';
import { claudeModelHeaders } from '../anthropic/claude-settings';
import type { AdaptorTarget, BuildInput, ModelListing, ProtocolAdaptor, UpstreamCall } from '../provider';
import { overrideOrigin } from '../shared/native-kit';
import {
  bedrockClaudeBody,
  bedrockClaudeCall,
  bedrockInvokeUrl,
  bedrockModelId,
  bedrockModelsUrl,
  modelIdsFromBedrockList,
  parseBedrockKey,
} from './bedrock-claude';
import { signV4 } from './sigv4';

/** A full URL and its signed headers as an upstream call. */
function signedCall(
  url: string,
  method: 'POST' | 'GET',
  headers: Record<string, string>,
  body: string | null,
): UpstreamCall {
  const u = new URL(url);
  return { origin: u.origin, path: u.pathname + u.search, method, headers, body };
}

/**
 * Claude on AWS Bedrock (channel type 33), key "AK|SK|region[|session token]": the Anthropic Messages
 * body on InvokeModel / InvokeModelWithResponseStream, SigV4-signed; streams arrive in AWS
 * event-stream framing. Betas configured for the model (claude.model_headers_settings anthropic-beta)
 * go into the body, as Bedrock expects.
 */
function buildCall(input: BuildInput): UpstreamCall {
  const { target } = input;
  const key = parseBedrockKey(target.key);
  const modelId = bedrockModelId(input.upstreamModel);
  const beta = claudeModelHeaders(input.upstreamModel, input.settings)['anthropic-beta'];
  const request = { ...anthropicRequest(input), ...(target.paramOverride ?? {}) };
  const body = bedrockClaudeBody(request, beta ? beta.split(',') : []);
  const url = overrideOrigin(bedrockInvokeUrl(key.region, modelId, input.stream), target.baseUrl);
  const call = bedrockClaudeCall({ key, modelId, stream: input.stream, body, date: new Date(), url });
  return signedCall(call.url, 'POST', call.headers, call.body);
}

/** GET /foundation-models of the control-plane host (service "bedrock"), Anthropic models only. */
const models: ModelListing = {
  call(target: AdaptorTarget): UpstreamCall {
    const key = parseBedrockKey(target.key);
    const url = overrideOrigin(bedrockModelsUrl(key.region), target.baseUrl);
    const headers = { accept: 'application/json' };
    const signed = signV4({
      method: 'GET',
      url,
      headers,
      region: key.region,
      service: 'bedrock',
      credentials: key,
      date: new Date(),
    });
    return signedCall(url, 'GET', signed.headers, null);
  },
  read: (body: Buffer): string[] => modelIdsFromBedrockList(JSON.parse(body.toString('utf8'))),
};

/** Access key id, secret key and session token: each may appear alone in an upstream's answer. */
function keySecrets(key: string): string[] {
  const [accessKeyId, secretAccessKey, , sessionToken] = key.split('|').map((s) => s.trim());
  return [accessKeyId, secretAccessKey, sessionToken].filter((s): s is string => !!s);
}

export function bedrockAdaptor(): ProtocolAdaptor {
  return Object.freeze({ streamFraming: 'aws-eventstream', inlineImages: true, models, buildCall, keySecrets, ...anthropicAnswers });
}
