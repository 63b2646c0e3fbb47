/**
 * API keys on the wire (docs/console-api.md#token-keys): `/api/token` answers carry a key without its
 * `sk-` prefix, as new-api's do; the console adds the prefix wherever it shows or hands out a key, and
 * the relay takes a key with or without it.
 */
export const API_KEY_PREFIX = 'sk-';

/** The key as clients send it: with exactly one `sk-` prefix. */
export function withKeyPrefix(key: string): string {
  return key.startsWith(API_KEY_PREFIX) ? key : API_KEY_PREFIX + key;
}
