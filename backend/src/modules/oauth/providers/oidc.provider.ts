import { Logger } from '@nestjs/common';
import type { Settings } from '@gw/shared';
import * as oidc from 'openid-client';
import { AppError } from '../../../common/http/app-error';
import type { AuthorizeParams, CallbackParams, ExternalProfile, RedirectProvider } from './provider';
import type { FetchLike } from './outbound-fetch';

const SCOPE = 'openid profile email';
/** A discovered configuration is reused this long (and dropped when the options change). */
const CONFIG_TTL_MS = 10 * 60_000;

/**
 * OpenID Connect through openid-client: discovery from `oidc.well_known`, or a configuration written
 * from `oidc.authorization_endpoint`, `oidc.token_endpoint` and `oidc.user_info_endpoint` (the issuer
 * is then taken to be the authorization endpoint's origin). Code flow with PKCE S256 and a nonce when
 * the server started it; the person is the userinfo `sub`. Every request goes through the outbound
 * client (customFetch). http:// endpoints are accepted, as the settings accept them.
 */
export class OidcProvider implements RedirectProvider {
  readonly name = 'oidc' as const;
  readonly label = 'OIDC';
  readonly field = 'oidc_id' as const;
  readonly pkce = true;
  private readonly logger = new Logger('OAuth');
  private cached?: { key: string; at: number; config: Promise<oidc.Configuration> };

  constructor(private readonly fetch: FetchLike) {}

  enabled(s: Settings): boolean {
    return s['oidc.enabled'];
  }

  async authorizeUrl(s: Settings, params: AuthorizeParams): Promise<string> {
    const config = await this.configuration(s);
    const query: Record<string, string> = { redirect_uri: params.redirectUri, scope: SCOPE, state: params.state };
    if (params.codeChallenge)
      Object.assign(query, { code_challenge: params.codeChallenge, code_challenge_method: 'S256' });
    if (params.nonce) query.nonce = params.nonce;
    return oidc.buildAuthorizationUrl(config, query).href;
  }

  async profile(s: Settings, params: CallbackParams): Promise<ExternalProfile> {
    const config = await this.configuration(s);
    const current = new URL(params.redirectUri);
    current.searchParams.set('code', params.code);
    current.searchParams.set('state', params.state);
    // Only one OpenID Provider is configured, so there is no mix-up to detect: when the console did
    // not pass `iss` on, the configured issuer stands in for it.
    const iss =
      params.iss ??
      (config.serverMetadata().authorization_response_iss_parameter_supported
        ? config.serverMetadata().issuer
        : undefined);
    if (iss) current.searchParams.set('iss', iss);

    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: params.codeVerifier,
        expectedState: params.state,
        expectedNonce: params.nonce,
        idTokenExpected: Boolean(params.nonce),
      });
    } catch (err) {
      this.logger.warn(`OIDC code exchange failed: ${describe(err)}`);
      throw AppError.badRequest('oauth.exchange_failed', { provider: this.label });
    }
    try {
      const sub = tokens.claims()?.sub;
      const info = await oidc.fetchUserInfo(config, tokens.access_token, sub ?? oidc.skipSubjectCheck);
      if (!info.sub) throw new Error('userinfo without sub');
      const name = typeof info.name === 'string' ? info.name : info.preferred_username;
      return {
        id: info.sub,
        displayName: name || undefined,
        email: typeof info.email === 'string' && info.email_verified !== false ? info.email : undefined,
      };
    } catch (err) {
      this.logger.warn(`OIDC userinfo failed: ${describe(err)}`);
      throw AppError.badRequest('oauth.profile_failed', { provider: this.label });
    }
  }

  private configuration(s: Settings): Promise<oidc.Configuration> {
    const key = JSON.stringify([
      s['oidc.well_known'],
      s['oidc.authorization_endpoint'],
      s['oidc.token_endpoint'],
      s['oidc.user_info_endpoint'],
      s['oidc.client_id'],
      s['oidc.client_secret'],
    ]);
    if (this.cached && this.cached.key === key && Date.now() - this.cached.at < CONFIG_TTL_MS)
      return this.cached.config;
    const config = this.load(s);
    this.cached = { key, at: Date.now(), config };
    config.catch(() => {
      if (this.cached?.config === config) this.cached = undefined;
    });
    return config;
  }

  private async load(s: Settings): Promise<oidc.Configuration> {
    const clientId = s['oidc.client_id'];
    const secret = s['oidc.client_secret'];
    if (!clientId) throw AppError.badRequest('oauth.not_configured', { provider: this.label });
    const customFetch = this.fetch as oidc.CustomFetch;
    const wellKnown = s['oidc.well_known'];
    if (wellKnown) {
      try {
        const url = new URL(wellKnown);
        return await oidc.discovery(url, clientId, secret, undefined, {
          [oidc.customFetch]: customFetch,
          execute: url.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
        });
      } catch (err) {
        this.logger.warn(`OIDC discovery from ${wellKnown} failed: ${describe(err)}`);
        throw AppError.badRequest('oauth.not_configured', { provider: this.label });
      }
    }
    const endpoints = [s['oidc.authorization_endpoint'], s['oidc.token_endpoint'], s['oidc.user_info_endpoint']];
    if (endpoints.some((e) => !e)) throw AppError.badRequest('oauth.not_configured', { provider: this.label });
    const [authorization_endpoint, token_endpoint, userinfo_endpoint] = endpoints;
    const config = new oidc.Configuration(
      { issuer: new URL(authorization_endpoint).origin, authorization_endpoint, token_endpoint, userinfo_endpoint },
      clientId,
      secret,
    );
    config[oidc.customFetch] = customFetch;
    if (endpoints.some((e) => e.startsWith('http:'))) oidc.allowInsecureRequests(config);
    return config;
  }
}

function describe(err: unknown): string {
  const e = err as { message?: string; code?: string; cause?: unknown; error?: string; error_description?: string };
  const cause = e.cause
    ? ` (${(e.cause as { message?: string }).message ?? JSON.stringify(e.cause).slice(0, 200)})`
    : '';
  return `${e.code ?? ''} ${e.error ?? ''} ${e.error_description ?? ''} ${e.message ?? String(err)}${cause}`.trim();
}
