import { EventStreamDecoder, type EventStreamMessage } from '../../../providers/bedrock/event-stream';
import { bedrockStreamEvent } from '../../../providers/bedrock/stream-events';
import type { SseEvent } from './sse-parser';

/**
 * AWS event-stream binary framing (Bedrock InvokeModelWithResponseStream) seen as events: each `chunk`
 * message's {"bytes": base64} payload is one Anthropic stream event, handed on as its JSON text.
 * Exception messages (throttlingException...) and corrupt or cut frames throw, which ends the
 * stream with an error. Holds only the incomplete tail frame.
 */
export class AwsEventStreamParser {
  private readonly decoder = new EventStreamDecoder();
  /** A failure behind events of the same chunk: raised once those events went out. */
  private failed: unknown = null;

  push(chunk: Buffer): SseEvent[] {
    this.raise();
    const out: SseEvent[] = [];
    try {
      for (const msg of this.decoder.push(chunk)) out.push(...toEvent(msg));
    } catch (err) {
      if (!out.length) throw err;
      this.failed = err;
    }
    return out;
  }

  end(): SseEvent[] {
    this.raise();
    if (this.decoder.pendingBytes) throw new Error('event stream cut mid-message');
    return [];
  }

  private raise(): void {
    if (this.failed) throw this.failed;
  }
}

function toEvent(msg: EventStreamMessage): SseEvent[] {
  const ev = bedrockStreamEvent(msg);
  if (!ev) return [];
  const data = JSON.stringify(ev);
  return [{ raw: data, event: ev.type, data }];
}
