import type { Settings } from '@gw/shared';
import { Strategy as GitHubStrategy, type Profile } from 'passport-github2';
import { AppError } from '../../../common/http/app-error';
import type { AppConfig } from '../../../config/env';
import type { AuthorizeParams, CallbackParams, ExternalProfile, RedirectProvider } from './provider';
import { keepProfile, strategyAuthorizeUrl, strategyProfile } from './oauth2-strategy-flow';

/**
 * GitHub through passport-github2. The strategy is run as passport runs it (oauth2-strategy-flow.ts) rather than
 * by calling its OAuth2 client and userProfile directly: that keeps the library's own authorize URL,
 * token request and profile parsing (user + primary e-mail) as they are, with nothing re-implemented
 * here. Built per call from the current options; GITHUB_OAUTH_URL / GITHUB_API_URL point tests at a stand-in.
 */
export class GitHubProvider implements RedirectProvider {
  readonly name = 'github' as const;
  readonly label = 'GitHub';
  readonly field = 'github_id' as const;
  readonly pkce = false;

  constructor(private readonly urls: AppConfig['oauthUrls']) {}

  enabled(s: Settings): boolean {
    return s.GitHubOAuthEnabled;
  }

  authorizeUrl(s: Settings, params: AuthorizeParams): Promise<string> {
    return strategyAuthorizeUrl(this.strategy(s), this.label, params);
  }

  async profile(s: Settings, params: CallbackParams): Promise<ExternalProfile> {
    const p = (await strategyProfile(this.strategy(s), this.label, params)) as Profile & { _json?: { id?: unknown } };
    // The numeric id never changes; the login name can be renamed and reused by someone else.
    const id = p._json?.id ?? p.id;
    if (id === undefined || id === null || id === '')
      throw AppError.badRequest('oauth.profile_failed', { provider: this.label });
    return { id: String(id), displayName: p.displayName || p.username || undefined, email: p.emails?.[0]?.value };
  }

  private strategy(s: Settings): GitHubStrategy {
    if (!s.GitHubClientId || !s.GitHubClientSecret)
      throw AppError.badRequest('oauth.not_configured', { provider: this.label });
    return new GitHubStrategy(
      {
        clientID: s.GitHubClientId,
        clientSecret: s.GitHubClientSecret,
        callbackURL: '',
        authorizationURL: `${this.urls.github}/login/oauth/authorize`,
        tokenURL: `${this.urls.github}/login/oauth/access_token`,
        userProfileURL: `${this.urls.githubApi}/user`,
        userEmailURL: `${this.urls.githubApi}/user/emails`,
        scope: ['user:email'],
      },
      keepProfile,
    );
  }
}
