import type { CachedToken, CachedUser } from '../cache/relay-records';

/** Who is calling, resolved from memory: an API key (or a console session for the playground). */
export interface RelayCaller {
  readonly user: CachedUser;
  /** Null for the console playground (billed to the user only). */
  readonly token: CachedToken | null;
  /** Cache key of the token (to move its cached balance). */
  readonly tokenHash: string | null;
  /** token.group, or the user's group. */
  readonly group: string;
  /** `sk-…-{id}` on an admin's key. */
  readonly pinnedChannelId: number | null;
  readonly ip: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the key was checked before a large body was read (relay-key-check.ts). */
    relayCaller?: RelayCaller;
  }
}
