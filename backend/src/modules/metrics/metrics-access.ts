import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether an Authorization header carries the metrics bearer token (compared in constant time over
 * digests, so the token's length does not leak either).
 */
export function bearerMatches(header: string | undefined, token: string): boolean {
  if (!token || !header) return false;
  const m = /^Bearer\s+(.+)$/i.exec(header.trim());
  if (!m) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(m[1]), digest(token));
}
