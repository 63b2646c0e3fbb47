import type { RelayBody } from '../../../providers/provider';

/**
 * The image URLs of an OpenAI chat body that an inline-only upstream cannot take (http and https;
 * data: URLs pass untouched), and the same body with them replaced by data: URLs. Pure: the fetching
 * is image-fetcher.service.ts. docs/relay.md, "Inline images".
 */

type Part = { type?: unknown; image_url?: unknown };

function isRemote(url: unknown): url is string {
  return typeof url === 'string' && /^https?:\/\//i.test(url.trim());
}

/** `image_url` may be `{url}` (the standard) or a bare string (accepted by some clients). */
function urlOf(part: Part): unknown {
  const v = part.image_url;
  return typeof v === 'string' ? v : (v as { url?: unknown } | null | undefined)?.url;
}

function imageParts(body: RelayBody): Part[] {
  if (body.kind !== 'json' || !Array.isArray(body.json.messages)) return [];
  const parts: Part[] = [];
  for (const m of body.json.messages as { content?: unknown }[]) {
    if (!m || !Array.isArray(m.content)) continue;
    for (const p of m.content as Part[]) if (p && p.type === 'image_url') parts.push(p);
  }
  return parts;
}

/** Distinct http(s) image URLs, in order of first appearance. */
export function remoteImageUrls(body: RelayBody): string[] {
  const urls = imageParts(body)
    .map(urlOf)
    .filter(isRemote)
    .map((u) => u.trim());
  return [...new Set(urls)];
}

/** A copy of the body with each remote image URL replaced by its data: URL (`inline` maps one to the other). */
export function withInlineImages(body: RelayBody, inline: ReadonlyMap<string, string>): RelayBody {
  if (body.kind !== 'json' || !inline.size) return body;
  const messages = (body.json.messages as { content?: unknown }[]).map((m) => {
    if (!m || !Array.isArray(m.content)) return m;
    const content = (m.content as Part[]).map((p) => {
      const url = p && p.type === 'image_url' ? urlOf(p) : undefined;
      const data = isRemote(url) ? inline.get(url.trim()) : undefined;
      if (!data) return p;
      const detail = typeof p.image_url === 'object' && p.image_url ? p.image_url : {};
      return { ...p, image_url: { ...detail, url: data } };
    });
    return { ...m, content };
  });
  return { kind: 'json', json: { ...body.json, messages } };
}
