import { parseJsonBounded } from '../json-depth';

/**
 * Text a JSON-object field accepts: empty (or blank), or a JSON object no deeper than MAX_JSON_DEPTH.
 * Arrays, scalars and malformed text are refused. Used by the channel schemas' JSON fields.
 */
export function isEmptyOrJsonObject(text: string | null | undefined): boolean {
  if (!text || !text.trim()) return true;
  try {
    const v = parseJsonBounded(text);
    return v !== null && typeof v === 'object' && !Array.isArray(v);
  } catch {
    return false;
  }
}

/** JSON-object text as stored: JSON null, and the text "null", become empty text. */
export function emptyIfNullText(text: string | null): string {
  return text === null || text.trim() === 'null' ? '' : text;
}
