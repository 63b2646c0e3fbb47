/**
 * The deepest JSON nesting accepted anywhere (request bodies, JSON held in options, channel fields and
 * tool-call arguments): objects and arrays count one level each, the outermost one included. Real
 * requests stay far below it (tool schemas, the deepest, rarely pass 20); JSON.stringify and
 * recursive code fail in the thousands, which is where a 10,000-deep body used to end up.
 */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const COLON = 0x3a;

/**
 * Whether JSON text nests deeper than `max`. One pass over the character codes that skips string
 * contents and stops at the first level past `max`; it allocates nothing and does not validate
 * (malformed text is left to JSON.parse). Cost: see docs/security/bodies-and-headers.md.
 */
export function jsonTooDeep(text: string, max: number = MAX_JSON_DEPTH): boolean {
  return scanJson(text, max).tooDeep;
}

export interface JsonScan {
  readonly tooDeep: boolean;
  /**
   * Name–value separators (`:`) directly inside the outermost value: for a top-level object, its
   * members as written. JSON.parse keeps one of duplicate names, so a parsed object with fewer keys
   * than this had a name twice (meaningful once the text parses; 0 when the scan stopped early).
   */
  readonly topLevelMembers: number;
}

/** jsonTooDeep's pass, also counting the top-level members (same cost: see above). */
export function scanJson(text: string, max: number = MAX_JSON_DEPTH): JsonScan {
  const n = text.length;
  let depth = 0;
  let members = 0;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = endOfString(text, i + 1);
      if (i < 0) return { tooDeep: false, topLevelMembers: 0 };
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > max) return { tooDeep: true, topLevelMembers: 0 };
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      depth--;
    } else if (c === COLON && depth === 1) {
      members++;
    }
  }
  return { tooDeep: false, topLevelMembers: members };
}

/**
 * Where the string value of the top-level member `name` sits in JSON object text: `start` at its
 * opening quote, `end` just past its closing one. Null when the outermost value has no member
 * written exactly as `"name"` (a name spelt with escapes is not recognised), when that member's value
 * is not a string, or when the text ends early. Same pass as scanJson, stopping at the member; it
 * does not validate (call it on text that parsed).
 */
export function topLevelStringValue(text: string, name: string): { start: number; end: number } | null {
  const quoted = JSON.stringify(name);
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const close = endOfString(text, i + 1);
      if (close < 0) return null;
      if (depth === 1 && close + 1 - i === quoted.length && text.startsWith(quoted, i)) {
        const colon = afterSpace(text, close + 1);
        // The same characters as a value (`"tags": ["model"]` is deeper; `"x": "model"` has no colon after).
        if (text.charCodeAt(colon) === COLON) {
          const value = afterSpace(text, colon + 1);
          if (text.charCodeAt(value) !== QUOTE) return null;
          const end = endOfString(text, value + 1);
          return end < 0 ? null : { start: value, end: end + 1 };
        }
      }
      i = close;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      depth++;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      depth--;
    }
  }
  return null;
}

/** The index of the first character at or after `from` that is not JSON whitespace. */
function afterSpace(text: string, from: number): number {
  let i = from;
  for (let c = text.charCodeAt(i); c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09; c = text.charCodeAt(++i));
  return i;
}

/**
 * The index of the quote closing a string whose contents start at `from`, or -1 if it never closes.
 * indexOf (a native scan) finds each quote; an odd run of backslashes before it means it is escaped.
 * Measured faster than walking the characters in JavaScript, for short strings as for long ones.
 */
function endOfString(text: string, from: number): number {
  for (let i = from; ;) {
    const q = text.indexOf('"', i);
    if (q < 0) return -1;
    let k = q - 1;
    while (k >= from && text.charCodeAt(k) === BACKSLASH) k--;
    if ((q - 1 - k) % 2 === 0) return q;
    i = q + 1;
  }
}

/** JSON.parse that refuses text nesting deeper than MAX_JSON_DEPTH (throws a SyntaxError like bad JSON). */
export function parseJsonBounded(text: string): unknown {
  if (jsonTooDeep(text)) throw new SyntaxError(`JSON nests deeper than ${MAX_JSON_DEPTH} levels`);
  return JSON.parse(text);
}
