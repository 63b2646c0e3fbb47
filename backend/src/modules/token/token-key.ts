import { API_KEY_PREFIX } from '@gw/shared';
import { keyedHash, randomAlphanumeric } from '../auth/secrets';

/**
 * API keys: `sk-` + 48 alphanumerics. Only the part after `sk-` (the body) is hashed and encrypted, and
 * only the body is answered by `/api/token` (docs/console-api.md#token-keys).
 */
export const KEY_PREFIX = API_KEY_PREFIX;
export const KEY_BODY_LENGTH = 48;

export function generateKeyBody(): string {
  return randomAlphanumeric(KEY_BODY_LENGTH);
}

export interface ParsedKey {
  body: string;
  /** `sk-…-{channelId}`: the channel an admin-owned key pins. */
  pinnedChannelId?: number;
}

/**
 * Parses `Authorization: Bearer sk-…` (the `Bearer ` and `sk-` prefixes are optional). Returns null
 * for anything that cannot be a key, so malformed input never reaches a cache or the database.
 */
export function parseApiKey(header: string | undefined): ParsedKey | null {
  if (!header) return null;
  let value = header.trim();
  if (/^bearer\s/i.test(value)) value = value.slice(7).trim();
  if (value.startsWith(KEY_PREFIX)) value = value.slice(KEY_PREFIX.length);
  const m = /^([A-Za-z0-9]{16,128})(?:-(\d{1,9}))?$/.exec(value);
  if (!m) return null;
  return m[2] === undefined ? { body: m[1] } : { body: m[1], pinnedChannelId: Number(m[2]) };
}

export function keyHashOf(cryptoSecret: string, body: string): string {
  return keyedHash(cryptoSecret, body);
}
