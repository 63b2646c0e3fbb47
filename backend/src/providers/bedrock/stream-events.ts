import type { AnthropicStreamEvent } from '../anthropic/anthropic-types';
import { ProviderStreamError } from '../shared/errors';
import type { EventStreamMessage } from './event-stream';

/** Bedrock's addition to Claude's message_stop event. */
export interface BedrockInvocationMetrics {
  inputTokenCount?: number;
  outputTokenCount?: number;
  invocationLatency?: number;
  firstByteLatency?: number;
}

function text(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

function messageOf(payload: Buffer): string {
  try {
    const parsed = JSON.parse(payload.toString('utf8')) as { message?: unknown; Message?: unknown };
    return text(parsed.message) || text(parsed.Message) || payload.toString('utf8');
  } catch {
    return payload.toString('utf8');
  }
}

/**
 * One InvokeModelWithResponseStream message → the Anthropic stream event it carries: a `chunk` event's
 * JSON payload {"bytes": base64} holds one Anthropic event (feed it to AnthropicStreamToOpenAI). Other
 * events yield null. Exception and error messages throw ProviderStreamError (type = exception type).
 */
export function bedrockStreamEvent(msg: EventStreamMessage): AnthropicStreamEvent | null {
  const kind = text(msg.headers[':message-type']);
  if (kind === 'exception') {
    throw new ProviderStreamError(text(msg.headers[':exception-type']) || 'exception', messageOf(msg.payload));
  }
  if (kind === 'error') {
    throw new ProviderStreamError(text(msg.headers[':error-code']) || 'error', text(msg.headers[':error-message']) || messageOf(msg.payload));
  }
  if (text(msg.headers[':event-type']) !== 'chunk') return null;
  let bytes: unknown;
  try {
    bytes = (JSON.parse(msg.payload.toString('utf8')) as { bytes?: unknown }).bytes;
  } catch {
    throw new ProviderStreamError('invalid_chunk', 'Bedrock chunk payload is not JSON');
  }
  if (typeof bytes !== 'string') throw new ProviderStreamError('invalid_chunk', 'Bedrock chunk has no bytes');
  return JSON.parse(Buffer.from(bytes, 'base64').toString('utf8')) as AnthropicStreamEvent;
}
