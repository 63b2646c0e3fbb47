import { EventStreamDecoder, type EventStreamMessage } from '../../../providers/bedrock/event-stream';
import { bedrockStreamEvent } from '../../../providers/bedrock/stream-events';
import { ProviderStreamError } from '../../../providers/shared/errors';
import type { SseEvent } from './sse-parser';

/**
 * AWS event-stream binary framing (Bedrock InvokeModelWithResponseStream) seen as events: each `chunk`
 * message's {"bytes": base64} payload is one Anthropic stream event, handed on as its JSON text.
 * Exception and error messages (throttlingException...) become Anthropic `error` events carrying their
 * type and message (the converter reports them as the upstream's error); corrupt or cut frames throw,
 * which ends the stream as interrupted. Holds only the incomplete tail frame.
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

/** Message types whose payload is the upstream's own error report. */
const REPORTS = new Set(['exception', 'error']);

function toEvent(msg: EventStreamMessage): SseEvent[] {
  let ev: ReturnType<typeof bedrockStreamEvent>;
  try {
    ev = bedrockStreamEvent(msg);
  } catch (err) {
    if (!(err instanceof ProviderStreamError) || !REPORTS.has(String(msg.headers[':message-type']))) throw err;
    ev = { type: 'error', error: { type: err.type, message: err.message } };
  }
  if (!ev) return [];
  const data = JSON.stringify(ev);
  return [{ raw: data, event: ev.type, data }];
}
