/**
 * Reading the playground's answer (docs/console.md#playground): an OpenAI chat-completions event stream
 * whose events carry `choices[0].delta.content` and end with `data: [DONE]`. A stream that breaks after
 * it started ends with an event carrying `{error: {message}}`; a call refused before the stream opened
 * answers a non-2xx JSON body of the same shape. Pure apart from reading the Response; unit-tested.
 */

export type StreamEvent = { type: 'delta'; text: string } | { type: 'done' } | { type: 'error'; message: string };

/** The meaning of one event's data field; null for events that carry nothing for the reader. */
export function parseEventData(data: string): StreamEvent | null {
  const text = data.trim();
  if (text === '[DONE]') return { type: 'done' };
  if (!text) return null;
  let obj: unknown;
  try {
    obj = JSON.parse(text);
  } catch {
    return null;
  }
  if (!obj || typeof obj !== 'object') return null;
  const error = errorMessageOf(obj);
  if (error !== null) return { type: 'error', message: error };
  const choices = (obj as { choices?: unknown }).choices;
  const first = Array.isArray(choices) ? (choices[0] as { delta?: { content?: unknown } } | undefined) : undefined;
  const content = first?.delta?.content;
  return typeof content === 'string' && content !== '' ? { type: 'delta', text: content } : null;
}

/** `{error: {message}}` or `{error: "text"}` → the text; null when the object is no error. */
export function errorMessageOf(obj: unknown): string | null {
  if (!obj || typeof obj !== 'object' || !('error' in obj)) return null;
  const error = (obj as { error: unknown }).error;
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') {
    return (error as { message: string }).message;
  }
  return error ? JSON.stringify(error) : null;
}

/**
 * Turns text arriving in arbitrary pieces (a line, an event or a JSON object may be split anywhere)
 * into stream events. Lines are `data: …` fields; comments (`: ping`), other fields and blank lines
 * carry nothing here. Multi-line data fields of one event are joined with newlines.
 */
export class SseParser {
  private buffer = '';
  private data: string[] = [];

  push(chunk: string): StreamEvent[] {
    this.buffer += chunk;
    const out: StreamEvent[] = [];
    let nl: number;
    while ((nl = this.buffer.search(/\r\n|\r|\n/)) >= 0) {
      const line = this.buffer.slice(0, nl);
      // A lone \r at the end may be the first half of \r\n: wait for the next piece.
      if (this.buffer[nl] === '\r' && nl === this.buffer.length - 1) break;
      this.buffer = this.buffer.slice(nl + (this.buffer.startsWith('\r\n', nl) ? 2 : 1));
      this.line(line, out);
    }
    return out;
  }

  /** The end of the body: a last event without its blank line still counts. */
  end(): StreamEvent[] {
    const out: StreamEvent[] = [];
    if (this.buffer) this.line(this.buffer, out);
    this.buffer = '';
    this.dispatch(out);
    return out;
  }

  private line(line: string, out: StreamEvent[]): void {
    if (line === '') return this.dispatch(out);
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    if (field !== 'data') return;
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    this.data.push(value);
  }

  private dispatch(out: StreamEvent[]): void {
    if (this.data.length === 0) return;
    const event = parseEventData(this.data.join('\n'));
    this.data = [];
    if (event) out.push(event);
  }
}

/**
 * Reads a fetch Response to its end, calling `onEvent` for each event, and answers how it ended:
 * `done` ([DONE] seen), `error` (an error event or a refused call; its text went to onEvent) or `eof`
 * (the body ended without [DONE]). An abort of the request rejects with the AbortError.
 */
export async function readChatStream(res: Response, onEvent: (e: StreamEvent) => void): Promise<'done' | 'error' | 'eof'> {
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    let message: string | null = null;
    try {
      message = errorMessageOf(JSON.parse(text));
    } catch {
      message = null;
    }
    onEvent({ type: 'error', message: message ?? (text.trim() || `HTTP ${res.status}`) });
    return 'error';
  }
  if (!res.body) return 'eof';
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const parser = new SseParser();
  const deliver = (events: StreamEvent[]): 'done' | 'error' | null => {
    for (const e of events) {
      onEvent(e);
      if (e.type === 'done' || e.type === 'error') return e.type;
    }
    return null;
  };
  for (;;) {
    const { value, done } = await reader.read();
    const ended = done ? deliver(parser.push(decoder.decode()).concat(parser.end())) : deliver(parser.push(decoder.decode(value, { stream: true })));
    if (ended) {
      if (!done) void reader.cancel().catch(() => undefined);
      return ended;
    }
    if (done) return 'eof';
  }
}
