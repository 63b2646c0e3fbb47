import { bedrockStreamEvent, EventStreamDecoder, type EventStreamMessage } from '../../../providers';
import type { SseEvent } from './sse-parser';

/**
 * AWS event-stream binary framing (Bedrock InvokeModelWithResponseStream) seen as events: each `chunk`
 * message's {"bytes": base64} payload is one Anthropic stream event, handed on as its JSON text.
 * Exception messages (throttlingException...) and corrupt or cut frames throw, which ends the
 * stream with an error. Holds only the incomplete tail frame.
 */
export class AwsEventStreamParser {
  private readonly decoder = new EventStreamDecoder();

  push(chunk: Buffer): SseEvent[] {
    return this.decoder.push(chunk).flatMap(toEvent);
  }

  end(): SseEvent[] {
    if (this.decoder.pendingBytes) throw new Error('event stream cut mid-message');
    return [];
  }
}

function toEvent(msg: EventStreamMessage): SseEvent[] {
  const ev = bedrockStreamEvent(msg);
  if (!ev) return [];
  const data = JSON.stringify(ev);
  return [{ raw: data, event: ev.type, data }];
}
