/**
 * Pure rules of the sign-in callback page /oauth/:provider (docs/console.md#sign-in-pages), unit-tested.
 * No imports but @gw/shared, so jest loads it without a browser.
 */
import { safeReturnTo } from '@gw/shared';

/**
 * Where a binding (and a failed callback of a signed-in user) ends: the personal page, which holds
 * the user's bindings. /setting is the administrators' settings page; other users see "no access" there.
 */
export const BINDINGS_PAGE = '/personal';

interface Query {
  get(name: string): string | null;
}

const FIELDS = ['id', 'first_name', 'last_name', 'username', 'photo_url', 'auth_date', 'hash'] as const;

/**
 * The gateway call that finishes a provider's round trip, or null for a provider the console does not
 * know. `key` names the one-time credential, so the call is made once per page load.
 */
export function callbackRequest(provider: string | undefined, query: Query): { url: string; key: string } | null {
  if (provider === 'github' || provider === 'oidc' || provider === 'linuxdo') {
    const code = query.get('code') ?? '';
    const qs = new URLSearchParams({ code, state: query.get('state') ?? '' });
    // An OpenID provider names itself (RFC 9207); the server checks it against the configured issuer.
    const iss = query.get('iss');
    if (iss) qs.append('iss', iss);
    return { url: `/api/oauth/${provider}?${qs}`, key: `${provider}:${code}` };
  }
  if (provider === 'telegram') {
    // The Telegram widget appended its signed fields to the page address; only those go on.
    const qs = new URLSearchParams();
    for (const f of FIELDS) {
      const v = query.get(f);
      if (v) qs.append(f, v);
    }
    const mode = query.get('bind') === '1' ? 'bind' : 'login';
    return { url: `/api/oauth/telegram/${mode}?${qs}`, key: `telegram:${query.get('hash') ?? ''}` };
  }
  return null;
}

export type CallbackOutcome = { ok: true; message: string } | { ok: false };

/**
 * Where the page goes afterwards: a binding → the bindings page; a sign-in → the (safe) page asked
 * for, else /token; a failure → the bindings page when signed in, else the login page.
 */
export function callbackDestination(outcome: CallbackOutcome, signedIn: boolean, returnTo: string | null | undefined): string {
  if (!outcome.ok) return signedIn ? BINDINGS_PAGE : '/login';
  if (outcome.message === 'bind') return BINDINGS_PAGE;
  return safeReturnTo(returnTo);
}

const claimed = new Set<string>();

/**
 * True the first time a credential is claimed in this page load. An authorization code works once:
 * React's development double effects (and a remount) must not send it twice.
 */
export function claimOnce(key: string): boolean {
  if (claimed.has(key)) return false;
  claimed.add(key);
  return true;
}
