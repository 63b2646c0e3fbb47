import { StringDecoder } from 'node:string_decoder';
import type { SseEvent } from '../../../providers/provider';

export type { SseEvent };

/** An event block larger than this is refused (a broken or hostile upstream). */
export const MAX_EVENT_BYTES = 4 * 1024 * 1024;

export class SseTooLargeError extends Error {}

/**
 * Incremental SSE parser: feed upstream chunks, get complete events. Holds only the incomplete tail,
 * so memory does not grow with the length of the stream.
 */
export class SseParser {
  private readonly decoder = new StringDecoder('utf8');
  private buf = '';

  push(chunk: Buffer): SseEvent[] {
    return this.take(this.decoder.write(chunk), false);
  }

  /** The stream ended: the last block, if it was not terminated by a blank line. */
  end(): SseEvent[] {
    return this.take(this.decoder.end(), true);
  }

  private take(text: string, final: boolean): SseEvent[] {
    let buf = this.buf + text;
    if (buf.includes('\r')) {
      // Keep a trailing \r: its \n may arrive with the next chunk.
      const keep = !final && buf.endsWith('\r');
      buf = (keep ? buf.slice(0, -1) : buf).replace(/\r\n?/g, '\n') + (keep ? '\r' : '');
    }
    const events: SseEvent[] = [];
    let start = 0;
    for (let end = buf.indexOf('\n\n'); end !== -1; end = buf.indexOf('\n\n', start)) {
      const block = buf.slice(start, end);
      start = end + 2;
      if (block.trim()) events.push(parseBlock(block));
    }
    this.buf = buf.slice(start);
    if (final && this.buf.trim()) {
      events.push(parseBlock(this.buf.replace(/\n+$/, '')));
      this.buf = '';
    }
    if (this.buf.length > MAX_EVENT_BYTES) throw new SseTooLargeError('upstream event too large');
    return events;
  }
}

function parseBlock(block: string): SseEvent {
  let event: string | null = null;
  let data: string | null = null;
  for (const line of block.split('\n')) {
    if (line.startsWith('data:')) {
      const value = line.charCodeAt(5) === 32 ? line.slice(6) : line.slice(5);
      data = data === null ? value : `${data}\n${value}`;
    } else if (line.startsWith('event:')) {
      event = line.slice(6).trim();
    }
  }
  return { raw: block, event, data };
}
