/**
 * Pure helpers of third-party sign-in and binding (docs/console.md#sign-in-pages): where the buttons go
 * and where the Telegram widget sends the browser.
 * No imports, so they are unit-tested without a browser.
 */

export type OAuthProvider = 'github' | 'oidc' | 'linuxdo';

export const TURNSTILE_SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';
export const TELEGRAM_SCRIPT = 'https://telegram.org/js/telegram-widget.js?22';

/** sessionStorage key of the page to open after a third-party sign-in (the provider's round trip drops it). */
export const OAUTH_RETURN_KEY = 'oauth_return_to';

type Query = Record<string, string | undefined | null>;

/** `path?k=v&…` from the non-empty values, URL-encoded. */
export function queryPath(path: string, query: Query): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v) qs.append(k, v);
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
}

/** The gateway route that builds the authorize URL and redirects to the provider (also used to bind). */
export function oauthStartUrl(provider: OAuthProvider, aff?: string | null): string {
  return queryPath(`/api/oauth/${provider}/start`, { aff });
}

/**
 * Where the Telegram widget sends the browser after the user confirmed: the console's own callback
 * page (the widget appends its fields). `bind=1` marks a binding from the personal page. The widget's
 * `data-onauth` callback is not used: the widget turns it into code with eval, which the console's
 * Content-Security-Policy forbids.
 */
export function telegramAuthUrl(mode: 'login' | 'bind', returnTo?: string | null): string {
  return queryPath('/oauth/telegram', mode === 'bind' ? { bind: '1' } : { returnTo });
}
