import type { StreamConverter } from '../../../providers/provider';

/** The payloads of complete SSE blocks (`data:` lines joined), in order. */
export function sseData(text: string): string[] {
  const out: string[] = [];
  for (const block of text.split('\n\n')) {
    const lines = block.split('\n').filter((l) => l.startsWith('data:'));
    if (lines.length) out.push(lines.map((l) => l.slice(l.charCodeAt(5) === 32 ? 6 : 5)).join('\n'));
  }
  return out;
}

/**
 * Gemini's streamGenerateContent without `alt=sse` answers one JSON array whose elements arrive as
 * they are generated: re-frames a converter's SSE `data:` blocks as those elements.
 */
export function jsonArrayStream(inner: StreamConverter): StreamConverter {
  let started = false;
  const frame = (sse: string | null): string | null => {
    if (sse === null) return null;
    let out = '';
    for (const data of sseData(sse)) {
      out += (started ? ',\r\n' : '[') + data;
      started = true;
    }
    return out;
  };
  return {
    contentType: 'application/json; charset=utf-8',
    onEvent(ev) {
      const step = inner.onEvent(ev);
      return { ...step, out: frame(step.out) };
    },
    finish() {
      const tail = frame(inner.finish()) ?? '';
      return tail + (started ? ']' : '[]');
    },
  };
}
