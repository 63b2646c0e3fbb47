import type { OpenAIChatRequest, OpenAIEmbeddingRequest } from '../../../providers';
import { RelayError } from '../http/relay-error';
import { parseRelayRequest, type RelayRequest } from '../pipeline/relay-request';
import type { InboundRequest } from './inbound-dialect';

export const badRequest = (detail: string) =>
  RelayError.invalidRequest('relay.invalid_request', 'invalid_request', { detail });

export const isJsonObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The pipeline's request for a native body: converted to OpenAI (`convert`), then validated like any
 * request of that mode (model, max_tokens, n, prompt parts). A converter choking on a shape the checks
 * let through means the body does not follow the format: 400, not 500. Converted streams always ask
 * for the usage chunk (the native answer carries usage at its end).
 */
export function toRelayRequest(
  convert: () => OpenAIChatRequest | OpenAIEmbeddingRequest,
  inbound: InboundRequest,
  mode: 'chat' | 'embeddings' = 'chat',
): RelayRequest {
  let converted: OpenAIChatRequest | OpenAIEmbeddingRequest;
  try {
    converted = convert();
  } catch {
    throw badRequest(`the body does not follow the ${inbound.dialect.name} format`);
  }
  const req = parseRelayRequest(mode, converted, 'application/json');
  return { ...req, clientWantsUsage: req.stream, inbound };
}
