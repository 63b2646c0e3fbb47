import { parseJsonBounded } from '@gw/shared';

/**
 * A JSON object from text (channel fields, upstream bodies); null for empty text, invalid JSON, a
 * non-object or nesting past MAX_JSON_DEPTH (which recursive code downstream could not handle).
 */
export function parseJsonObject(text: string | null | undefined): Record<string, unknown> | null {
  if (!text || !text.trim()) return null;
  try {
    const v = parseJsonBounded(text);
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
