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
  let out = text;
  if (edits.model !== undefined) {
    const at = topLevelStringValue(out, 'model');
    if (!at) return undefined;
    out = out.slice(0, at.start) + JSON.stringify(edits.model) + out.slice(at.end);
  }
  if (edits.streamUsage) {
    const close = out.lastIndexOf('}');
    const empty = /^\s*\{\s*$/.test(out.slice(0, close));
    out = out.slice(0, close) + (empty ? '' : ',') + STREAM_USAGE + out.slice(close);
  }
  return out;
}
