/** A JSON object from text (channel fields, upstream bodies); null for empty text, invalid JSON or a non-object. */
export function parseJsonObject(text: string | null | undefined): Record<string, unknown> | null {
  if (!text || !text.trim()) return null;
  try {
    const v: unknown = JSON.parse(text);
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
