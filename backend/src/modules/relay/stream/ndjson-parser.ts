import { StringDecoder } from 'node:string_decoder';
import { MAX_EVENT_BYTES, SseTooLargeError, type SseEvent } from './sse-parser';

/**
 * Newline-delimited JSON streams (Ollama) seen as events: one event per non-blank line, its text as
 * `data`. Holds only the incomplete last line.
 */
export class NdjsonEventParser {
  private readonly decoder = new StringDecoder('utf8');
  private buf = '';

  push(chunk: Buffer): SseEvent[] {
    return this.take(this.decoder.write(chunk), false);
  }

  end(): SseEvent[] {
    return this.take(this.decoder.end(), true);
  }

  private take(text: string, final: boolean): SseEvent[] {
    const lines = (this.buf + text).split('\n');
    this.buf = final ? '' : (lines.pop() ?? '');
    if (this.buf.length > MAX_EVENT_BYTES) throw new SseTooLargeError('upstream line too large');
    return lines
      .map((l) => l.trim())
      .filter(Boolean)
      .map((l) => ({ raw: l, event: null, data: l }));
  }
}
