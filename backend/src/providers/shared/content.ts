import { parseJsonBounded } from '@gw/shared';
import { ProviderInputError } from './errors';
import type { JsonObject, OpenAIEmbeddingRequest, OpenAIContent, OpenAIContentPart, OpenAIImagePart, OpenAIMessage } from './openai-types';

/** A `data:<mime>;base64,<data>` URL split in parts, or null for anything else. */
export function parseDataUrl(url: string): { mimeType: string; data: string } | null {
  const m = /^data:([^;,]+)?((?:;[^;,]+)*?);base64,(.*)$/s.exec(url);
  if (!m) return null;
  return { mimeType: m[1] || 'application/octet-stream', data: m[3] };
}

export function toDataUrl(mimeType: string, data: string): string {
  return `data:${mimeType};base64,${data}`;
}

const EXT_MIME: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  heic: 'image/heic',
  pdf: 'application/pdf',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  mp4: 'video/mp4',
};

/** Best guess of a remote file's type from its extension (default image/jpeg). */
export function mimeFromUrl(url: string): string {
  const path = url.split(/[?#]/)[0];
  const ext = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  return EXT_MIME[ext] ?? 'image/jpeg';
}

/** Message content as parts: a string becomes one text part, null none. */
export function contentParts(content: OpenAIContent | undefined): OpenAIContentPart[] {
  if (content == null) return [];
  if (typeof content === 'string') return content ? [{ type: 'text', text: content }] : [];
  return content;
}

/** The text of a message's content (text parts joined, other parts ignored). */
export function contentText(content: OpenAIContent | undefined): string {
  return contentParts(content)
    .map((p) => (p.type === 'text' ? p.text : ''))
    .join('');
}

/** Image URLs that are not data URLs: a caller may inline them before converting for providers that need bytes. */
export function remoteImageUrls(messages: readonly OpenAIMessage[]): string[] {
  const urls: string[] = [];
  for (const m of messages) {
    for (const p of contentParts(m.content)) {
      if (p.type === 'image_url' && !parseDataUrl(p.image_url.url)) urls.push(p.image_url.url);
    }
  }
  return urls;
}

export function imagePart(url: string): OpenAIImagePart {
  return { type: 'image_url', image_url: { url } };
}

/**
 * Tool-call arguments as an object: invalid or non-object JSON becomes {} (never throws), and so does
 * JSON nested past MAX_JSON_DEPTH (the request body's own depth check cannot see inside strings).
 */
export function parseArguments(text: string | undefined): JsonObject {
  if (!text || !text.trim()) return {};
  try {
    const v = parseJsonBounded(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as JsonObject) : {};
  } catch {
    return {};
  }
}

/** JSON text → value, or the text itself when it is not JSON or nests past MAX_JSON_DEPTH. */
export function parseJsonOrText(text: string): unknown {
  try {
    return parseJsonBounded(text);
  } catch {
    return text;
  }
}

export function isObject(v: unknown): v is JsonObject {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** stop as a list (OpenAI allows a string or a list). */
export function stopList(stop: string | string[] | undefined): string[] | undefined {
  if (stop === undefined || stop === null) return undefined;
  const list = (Array.isArray(stop) ? stop : [stop]).filter((s) => typeof s === 'string' && s !== '');
  return list.length ? list : undefined;
}

/** Drops keys whose value is undefined (keeps wire objects and golden files free of noise). */
export function compact<T extends object>(obj: T): T {
  for (const k of Object.keys(obj) as (keyof T)[]) if (obj[k] === undefined) delete obj[k];
  return obj;
}

/** OpenAI embeddings input as a list of texts; token-id arrays are refused (native APIs take text). */
export function embeddingTexts(input: OpenAIEmbeddingRequest['input']): string[] {
  const list: unknown[] = Array.isArray(input) ? input : [input];
  if (!list.every((x) => typeof x === 'string')) throw new ProviderInputError('embedding input must be text for this channel');
  return list as string[];
}
