/**
 * Where the login guard sends a visitor of a signed-in page who has no stored user
 * (docs/console.md#routes-and-navigation). Pure, so it is unit-tested.
 *
 * The router applies a navigation as a React transition: the browser's address changes at once, the
 * rendered route a little later. A page being left can lose its stored user in between (the API
 * client's 401 handler sends the browser to /login?expired=true&returnTo=…, logout and account
 * deletion clear the user and navigate). Redirecting then would replace that navigation, dropping
 * `expired=true`; so while the address is ahead of the router, the guard waits (null).
 */
export function guardRedirect(routerPath: string, browserPath: string): string | null {
  if (normalise(routerPath) !== normalise(browserPath)) return null;
  return `/login?returnTo=${encodeURIComponent(routerPath)}`;
}

/** The same path and query whether percent-encoded (the address bar) or not (a router path). */
function normalise(path: string): string {
  try {
    const u = new URL(path, 'http://console.invalid');
    return u.pathname + u.search;
  } catch {
    return path;
  }
}
