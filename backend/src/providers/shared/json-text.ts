import { topLevelStringValue } from '@gw/shared';

/** What an adaptor changes in a body it otherwise sends as the client's text. */
export interface SourceEdits {
  /** A new value for the top-level `model` string (a mapped model). */
  readonly model?: string;
  /** Adds `"stream_options":{"include_usage":true}`; only for a body without `stream_options`. */
  readonly streamUsage?: boolean;
}

const STREAM_USAGE = '"stream_options":{"include_usage":true}';

/**
 * The client's JSON object text with `edits` made in place, every other byte as it came. Undefined
 * when the model's value is not found as written (its name spelt with escapes, or not a string): the
 * caller then serialises the parsed body. The text must be a body's `source` (RelayBody): it parsed
 * and names each member once, so its last `}` closes the object and a `model` found is the one parsed.
 */
export function editJsonSource(text: string, edits: SourceEdits): string | undefined {
  // Cut at positions of the client's text and joined once: no intermediate copy of a long body.
  const parts: string[] = [];
  let from = 0;
  if (edits.model !== undefined) {
    const at = topLevelStringValue(text, 'model');
    if (!at) return undefined;
    parts.push(text.slice(0, at.start), JSON.stringify(edits.model));
    from = at.end;
  }
  if (edits.streamUsage) {
    const close = text.lastIndexOf('}');
    parts.push(text.slice(from, close), isEmptyObject(text, close) ? STREAM_USAGE : `,${STREAM_USAGE}`);
    from = close;
  }
  parts.push(text.slice(from));
  return parts.join('');
}

/** Whether only whitespace lies between the object's opening brace and its closing one at `close`. */
function isEmptyObject(text: string, close: number): boolean {
  let i = close - 1;
  while (i >= 0 && /\s/.test(text[i])) i--;
  return text.charCodeAt(i) === 0x7b; /* { */
}
