import { StringDecoder } from 'node:string_decoder';
import { ProviderInputError } from './errors';

/** A line longer than this is refused (a broken or hostile upstream). */
export const MAX_NDJSON_LINE = 4 * 1024 * 1024;

/**
 * Incremental newline-delimited JSON decoder (Ollama streams): feed byte chunks of any size, get
 * the parsed objects of every complete line. Blank lines are skipped; a bad line throws.
 */
export class NdjsonDecoder {
  private readonly decoder = new StringDecoder('utf8');
  private tail = '';

  push(chunk: Uint8Array | string): unknown[] {
    const text = typeof chunk === 'string' ? chunk : this.decoder.write(Buffer.from(chunk));
    return this.take(this.tail + text, false);
  }

  /** The stream ended: the last line, if it had no newline. */
  end(): unknown[] {
    return this.take(this.tail + this.decoder.end(), true);
  }

  private take(text: string, final: boolean): unknown[] {
    const lines = text.split('\n');
    this.tail = final ? '' : (lines.pop() ?? '');
    if (this.tail.length > MAX_NDJSON_LINE) throw new ProviderInputError('NDJSON line too long');
    const out: unknown[] = [];
    for (const line of lines) {
      const trimmed = line.trim();
      if (!trimmed) continue;
      try {
        out.push(JSON.parse(trimmed));
      } catch {
        throw new ProviderInputError(`invalid NDJSON line: ${trimmed.slice(0, 80)}`);
      }
    }
    return out;
  }
}
