import type { Settings } from '@gw/shared';
import OAuth2Strategy from 'passport-oauth2';
import { AppError } from '../../../common/http/app-error';
import type { AppConfig } from '../../../config/env';
import type { AuthorizeParams, CallbackParams, ExternalProfile, RedirectProvider } from './provider';
import { keepProfile, strategyAuthorizeUrl, strategyProfile } from './oauth2-strategy-flow';

/** LinuxDO's `/api/user` answer (the fields used here). */
interface LinuxDoUser {
  id?: number;
  username?: string;
  name?: string;
  trust_level?: number;
  active?: boolean;
  silenced?: boolean;
}

/** passport-oauth2 with LinuxDO's profile endpoint; the client authenticates with HTTP Basic, as LinuxDO expects. */
class LinuxDoStrategy extends OAuth2Strategy {
  constructor(
    options: OAuth2Strategy.StrategyOptions,
    private readonly userUrl: string,
  ) {
    super(options, keepProfile);
    this._oauth2.useAuthorizationHeaderforGET(true);
  }

  override userProfile(accessToken: string, done: (err?: unknown, profile?: unknown) => void): void {
    this._oauth2.get(this.userUrl, accessToken, (err, body) => {
      if (err) return done(new Error(`Failed to fetch user profile: ${err.statusCode ?? ''}`));
      try {
        done(null, JSON.parse(String(body)) as LinuxDoUser);
      } catch {
        done(new Error('Failed to parse user profile'));
      }
    });
  }
}

/**
 * LinuxDO Connect as plain OAuth 2 (authorize `/oauth2/authorize`, token `/oauth2/token`, user
 * `/api/user` under LINUXDO_OAUTH_URL). Accounts below LinuxDOMinimumTrustLevel are refused — for
 * sign-in, sign-up and binding alike (docs/identity/third-party-sign-in.md).
 */
export class LinuxDoProvider implements RedirectProvider {
  readonly name = 'linuxdo' as const;
  readonly label = 'LinuxDO';
  readonly field = 'linux_do_id' as const;
  readonly pkce = false;

  constructor(private readonly urls: AppConfig['oauthUrls']) {}

  enabled(s: Settings): boolean {
    return s.LinuxDOOAuthEnabled;
  }

  authorizeUrl(s: Settings, params: AuthorizeParams): Promise<string> {
    return strategyAuthorizeUrl(this.strategy(s), this.label, params);
  }

  async profile(s: Settings, params: CallbackParams): Promise<ExternalProfile> {
    const u = (await strategyProfile(this.strategy(s), this.label, params)) as LinuxDoUser;
    if (!u || typeof u.id !== 'number' || u.id <= 0)
      throw AppError.badRequest('oauth.profile_failed', { provider: this.label });
    if ((u.trust_level ?? 0) < s.LinuxDOMinimumTrustLevel) throw AppError.forbidden('oauth.trust_level_low');
    return { id: String(u.id), displayName: u.name || u.username || undefined };
  }

  private strategy(s: Settings): LinuxDoStrategy {
    if (!s.LinuxDOClientId || !s.LinuxDOClientSecret)
      throw AppError.badRequest('oauth.not_configured', { provider: this.label });
    const basic = Buffer.from(`${s.LinuxDOClientId}:${s.LinuxDOClientSecret}`).toString('base64');
    return new LinuxDoStrategy(
      {
        clientID: s.LinuxDOClientId,
        clientSecret: s.LinuxDOClientSecret,
        authorizationURL: `${this.urls.linuxdo}/oauth2/authorize`,
        tokenURL: `${this.urls.linuxdo}/oauth2/token`,
        customHeaders: { Authorization: `Basic ${basic}` },
      },
      `${this.urls.linuxdo}/api/user`,
    );
  }
}
