import type { Settings } from '@gw/shared';
import type { IdentityField } from '../../user/user-identity.service';

/** The providers signed in through a browser redirect (authorize → callback with code and state). */
export const REDIRECT_PROVIDERS = ['github', 'oidc', 'linuxdo'] as const;
export type RedirectProviderName = (typeof REDIRECT_PROVIDERS)[number];

/** The person the provider vouched for. */
export interface ExternalProfile {
  /** The provider's stable id for them (GitHub's numeric id, OIDC `sub`, LinuxDO's id). */
  readonly id: string;
  readonly displayName?: string;
  readonly email?: string;
}

export interface AuthorizeParams {
  readonly state: string;
  readonly redirectUri: string;
  /** PKCE S256 challenge and ID-token nonce (providers with `pkce`). */
  readonly codeChallenge?: string;
  readonly nonce?: string;
}

export interface CallbackParams {
  readonly code: string;
  readonly state: string;
  readonly redirectUri: string;
  readonly codeVerifier?: string;
  readonly nonce?: string;
  /** The `iss` authorization response parameter, when the console passed it on (OIDC). */
  readonly iss?: string;
}

/**
 * One OAuth 2 / OIDC provider (a file each beside this one). Failures are AppErrors with a message for
 * the user (oauth.exchange_failed, oauth.profile_failed, …); the provider's own words go to the log only.
 */
export interface RedirectProvider {
  readonly name: RedirectProviderName;
  /** As users know it, for messages. */
  readonly label: string;
  readonly field: IdentityField;
  /** Flows the server starts carry PKCE (S256) and a nonce. */
  readonly pkce: boolean;
  enabled(s: Settings): boolean;
  authorizeUrl(s: Settings, params: AuthorizeParams): Promise<string>;
  /** Exchanges the code and reads who signed in. */
  profile(s: Settings, params: CallbackParams): Promise<ExternalProfile>;
}
