import { Logger } from '@nestjs/common';
import { AppError } from '../../../common/http/app-error';
import { runStrategy, type Strategy } from '../passport-run';
import type { AuthorizeParams, CallbackParams } from './provider';

const logger = new Logger('OAuth');

/** The verify callback of a strategy that only reads the profile: the profile is the "user". */
export const keepProfile = (
  _access: string,
  _refresh: string,
  profile: unknown,
  done: (err: null, user: unknown) => void,
) => done(null, profile);

/**
 * The authorize URL a passport OAuth2 strategy builds (client_id, response_type, scope, and our state
 * and redirect_uri), through its redirect action.
 */
export async function strategyAuthorizeUrl(
  strategy: Strategy,
  label: string,
  params: AuthorizeParams,
): Promise<string> {
  const out = await runStrategy(strategy, { query: {} }, { state: params.state, callbackURL: params.redirectUri });
  if (out.kind === 'redirect') return out.url;
  logger.warn(`${label} authorize URL not built: ${describe(out)}`);
  throw AppError.badRequest('oauth.not_configured', { provider: label });
}

/**
 * Lets the strategy exchange the code (its token request, with our redirect_uri) and read the profile.
 * The state was checked before (OAuthStateService); the strategy's own state store is the null one.
 */
export async function strategyProfile(strategy: Strategy, label: string, params: CallbackParams): Promise<unknown> {
  const out = await runStrategy(
    strategy,
    { query: { code: params.code, state: params.state } },
    { callbackURL: params.redirectUri },
  );
  if (out.kind === 'success') return out.user;
  const detail = describe(out);
  logger.warn(`${label} sign-in failed: ${detail}`);
  const key = /access token/i.test(detail) ? 'oauth.exchange_failed' : 'oauth.profile_failed';
  throw AppError.badRequest(key, { provider: label });
}

function describe(out: Awaited<ReturnType<typeof runStrategy>>): string {
  if (out.kind === 'error') {
    const e = out.error as { message?: string; oauthError?: { statusCode?: number; data?: unknown } };
    const inner = e.oauthError
      ? ` (${e.oauthError.statusCode ?? ''} ${String(e.oauthError.data ?? '').slice(0, 200)})`
      : '';
    return `${e.message ?? String(out.error)}${inner}`;
  }
  return `${out.kind} ${JSON.stringify(out.kind === 'redirect' ? out.url : out.kind === 'fail' ? out.challenge : '')}`;
}
