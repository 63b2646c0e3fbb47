import { isObject } from '../shared/content';
import type { JsonObject } from '../shared/openai-types';

/** Keys of Gemini's Schema object (an OpenAPI 3.0 subset); anything else is rejected upstream. */
const ALLOWED = new Set([
  'type', 'format', 'title', 'description', 'nullable', 'enum', 'maxItems', 'minItems', 'properties', 'required',
  'minProperties', 'maxProperties', 'minLength', 'maxLength', 'pattern', 'example', 'anyOf', 'propertyOrdering',
  'default', 'items', 'minimum', 'maximum',
]);
const STRING_FORMATS = new Set(['enum', 'date-time']);

/**
 * JSON Schema (OpenAI tool parameters) → Gemini Schema: unsupported keys dropped, `type: [x, "null"]`
 * → `type: x, nullable: true`, `const` → one-value enum, string formats other than enum/date-time dropped.
 */
export function toGeminiSchema(schema: unknown): JsonObject {
  if (!isObject(schema)) return {};
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'const') {
      out.enum = [value];
      if (!schema.type) out.type = typeof value === 'string' ? 'string' : typeof value === 'boolean' ? 'boolean' : 'number';
    }
    if (!ALLOWED.has(key)) continue;
    if (key === 'properties' && isObject(value)) {
      out.properties = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toGeminiSchema(v)]));
    } else if (key === 'items') out.items = toGeminiSchema(value);
    else if (key === 'anyOf' && Array.isArray(value)) out.anyOf = value.map(toGeminiSchema);
    else if (key === 'type' && Array.isArray(value)) {
      const types = value.filter((t) => t !== 'null');
      out.type = types[0] ?? 'string';
      if (types.length < value.length) out.nullable = true;
    } else out[key] = value;
  }
  if (out.type === 'string' && typeof out.format === 'string' && !STRING_FORMATS.has(out.format)) delete out.format;
  return out;
}

/** Parameters for a function declaration, or undefined when the function takes nothing (Gemini rejects empty objects). */
export function functionParameters(schema: JsonObject | undefined): JsonObject | undefined {
  if (!schema) return undefined;
  const cleaned = toGeminiSchema(schema);
  if (cleaned.type === 'object' && (!isObject(cleaned.properties) || !Object.keys(cleaned.properties).length)) return undefined;
  return cleaned;
}

/** Gemini Schema → JSON Schema for OpenAI tools: enum-style upper-case types ("OBJECT") lower-cased, recursively. */
export function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (!isObject(schema)) return schema;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'type' && typeof value === 'string') out.type = value.toLowerCase();
    else if (key === 'properties' && isObject(value)) out.properties = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toJsonSchema(v)]));
    else if (key === 'items' || key === 'anyOf') out[key] = toJsonSchema(value);
    else out[key] = value;
  }
  return out;
}
