import { normalizeIp, type ThrottlerOptions } from '@nestjs/throttler';
import type { FastifyRequest } from 'fastify';
import type { CriticalRateLimit } from '../../config/env';

/** Throttler names; the guard treats ACCOUNT specially (human check). */
export const PER_IP = 'ip';
export const PER_ACCOUNT_AND_IP = 'account-ip';
export const PER_ACCOUNT = 'account';

/** The client address (Fastify's req.ip, which believes X-Forwarded-For only from TRUSTED_PROXIES); IPv6 by /64. */
export function clientIpOf(req: Record<string, unknown>): string {
  return normalizeIp((req as unknown as FastifyRequest).ip);
}

/**
 * The account a credential request names, case-folded: the sign-in's username (or e-mail) as typed,
 * else the e-mail address of a code or reset request (`email` in the body or the query).
 */
export function accountOf(req: Record<string, unknown>): string {
  const r = req as unknown as FastifyRequest;
  const body = r.body as { username?: unknown; email?: unknown } | undefined;
  const query = r.query as { email?: unknown } | undefined;
  return String(body?.username ?? body?.email ?? query?.email ?? '').trim().toLowerCase();
}

/**
 * The throttles on credential endpoints, checked in this order (a refused request is not counted by
 * the ones after it):
 * - PER_IP: every attempt from one client IP, any account (CRITICAL_RATE_LIMIT);
 * - PER_ACCOUNT_AND_IP: attempts on one account from one IP (CRITICAL_ACCOUNT_RATE_LIMIT);
 * - PER_ACCOUNT: attempts on one account from all IPs, then a longer backoff
 *   (CRITICAL_ACCOUNT_BACKOFF). Only while the human check is on, and never for a request that
 *   passed it (CredentialThrottleGuard): otherwise anyone could lock the owner out from elsewhere.
 */
export function credentialThrottlers(c: CriticalRateLimit): ThrottlerOptions[] {
  return [
    { name: PER_IP, limit: c.ipLimit, ttl: c.ttlMs, getTracker: clientIpOf },
    {
      name: PER_ACCOUNT_AND_IP,
      limit: c.accountLimit,
      ttl: c.ttlMs,
      // An IP never contains '|', so the pair is unambiguous.
      getTracker: (req) => `${accountOf(req)}|${clientIpOf(req)}`,
    },
    { name: PER_ACCOUNT, limit: c.accountLimit, ttl: c.ttlMs, blockDuration: c.accountBackoffMs, getTracker: accountOf },
  ];
}
