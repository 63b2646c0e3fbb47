/**
 * Chat links (docs/console.md#chat-links): the operator's `Chats` option is a list of `{name: template}`
 * entries; a template's `{key}` becomes the user's API key (`sk-…`) and `{address}` the server address
 * (URL-encoded, as new-api does, since it usually sits in a query or fragment). Pure; unit-tested.
 */
import { TokenStatus, withKeyPrefix } from '@gw/shared';

export interface ChatLink {
  name: string;
  template: string;
}

/** The configured links; null when the data is not a list of {name: string} entries. */
export function parseChats(chats: unknown): ChatLink[] | null {
  let list = chats;
  if (typeof list === 'string') {
    try {
      list = JSON.parse(list);
    } catch {
      return null;
    }
  }
  if (!Array.isArray(list)) return null;
  const links: ChatLink[] = [];
  for (const entry of list) {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return null;
    const [pair] = Object.entries(entry as Record<string, unknown>);
    if (!pair || typeof pair[1] !== 'string') return null;
    links.push({ name: pair[0], template: pair[1] });
  }
  return links;
}

/** The link of entry `id` (a route parameter; absent = the first); null when there is no such entry. */
export function chatAt(links: ChatLink[], id: string | undefined): ChatLink | null {
  const index = id === undefined || id === '' ? 0 : Number(id);
  return Number.isInteger(index) && index >= 0 ? (links[index] ?? null) : null;
}

/** The address clients call: the configured server address, else the console's own origin; no trailing slash. */
export function effectiveAddress(serverAddress: string | undefined, origin: string): string {
  return (serverAddress?.trim() || origin).replace(/\/+$/, '');
}

/** The template with `{key}` and `{address}` filled in (every occurrence). */
export function fillChatLink(template: string, key: string, address: string): string {
  return template.replaceAll('{address}', encodeURIComponent(address)).replaceAll('{key}', withKeyPrefix(key));
}

/** The key of the first enabled token of a token list, or null. */
export function firstEnabledKey(tokens: ReadonlyArray<{ status: number; key: string }>): string | null {
  return tokens.find((t) => t.status === TokenStatus.Enabled && t.key)?.key ?? null;
}

/** Whether a filled link may be shown in a frame or opened: http(s) only (desktop-app schemes are opened). */
export function linkKind(url: string): 'web' | 'app' | 'invalid' {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'invalid';
  }
  if (u.protocol === 'http:' || u.protocol === 'https:') return 'web';
  return u.protocol === 'javascript:' || u.protocol === 'data:' || u.protocol === 'vbscript:' ? 'invalid' : 'app';
}
