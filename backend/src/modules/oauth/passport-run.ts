/** What runStrategy needs of a passport strategy. */
export interface Strategy {
  authenticate(req: unknown, options?: unknown): void;
}

/** How a passport strategy finished one call of `authenticate`. */
export type StrategyOutcome =
  | { readonly kind: 'success'; readonly user: unknown }
  | { readonly kind: 'fail'; readonly challenge: unknown }
  | { readonly kind: 'redirect'; readonly url: string }
  | { readonly kind: 'error'; readonly error: unknown };

/** The part of a request an OAuth2 strategy reads: the callback's query (code, state, error). */
export interface StrategyRequest {
  readonly query: Readonly<Record<string, string | undefined>>;
}

/**
 * Runs a passport strategy the way passport itself does, without Express: the strategy is extended
 * (Object.create) with the action functions passport would attach — success, fail, redirect, error,
 * pass — and `authenticate` is called with a minimal request. Passport's middleware would write the
 * redirect onto an Express response; on Fastify we only want to know the outcome, and the controller
 * answers it. State, PKCE and sessions are not the strategy's business here (OAuthStateService).
 */
export function runStrategy(
  strategy: Strategy,
  req: StrategyRequest,
  options: Record<string, unknown>,
): Promise<StrategyOutcome> {
  return new Promise((resolve) => {
    const run = Object.create(strategy) as Strategy & {
      success(user: unknown): void;
      fail(challenge?: unknown): void;
      redirect(url: string): void;
      error(err: unknown): void;
      pass(): void;
    };
    run.success = (user) => resolve({ kind: 'success', user });
    run.fail = (challenge) => resolve({ kind: 'fail', challenge });
    run.redirect = (url) => resolve({ kind: 'redirect', url });
    run.error = (error) => resolve({ kind: 'error', error });
    run.pass = () => resolve({ kind: 'fail', challenge: 'pass' });
    try {
      run.authenticate({ query: { ...req.query }, body: {}, headers: {} } as never, options);
    } catch (error) {
      resolve({ kind: 'error', error });
    }
  });
}
