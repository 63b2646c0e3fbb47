import { channelTypeInfo } from './channel-types';

/**
 * How a channel's key field holds its upstream keys, for the server (batch create, key rotation,
 * fetch models) and the console (multi-key view, batch count, the key sent to fetch models).
 * Several keys go one per line, or comma-separated on a single line; a type whose row says
 * `wholeKey` (Vertex AI's service-account JSON, usually pretty-printed) always holds one key.
 */

/** Whether the type's key is one value that is never split. */
export function isWholeKeyType(type: number): boolean {
  return channelTypeInfo(type)?.wholeKey === true;
}

/** The upstream keys of a channel: trimmed, without empties or duplicates, in order. */
export function splitChannelKeys(type: number, key: string | null | undefined): string[] {
  const trimmed = (key ?? '').trim();
  if (!trimmed) return [];
  if (isWholeKeyType(type)) return [trimmed];
  const parts = trimmed.includes('\n') ? trimmed.split('\n') : trimmed.split(',');
  return [...new Set(parts.map((k) => k.trim()).filter(Boolean))];
}

/** How many upstream keys the key field holds. */
export function channelKeyCount(type: number, key: string | null | undefined): number {
  return splitChannelKeys(type, key).length;
}

/** The first upstream key (what a one-off upstream call such as fetching models uses), or ''. */
export function firstChannelKey(type: number, key: string | null | undefined): string {
  return splitChannelKeys(type, key)[0] ?? '';
}

/** The parts of one key of the type ("AccessKey|SecretKey|Region"), or undefined for a plain key. */
export function channelKeyFormat(type: number): string | undefined {
  return channelTypeInfo(type)?.keyFormat;
}
