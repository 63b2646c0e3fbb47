import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { isPublicAddress, type Settings } from '@gw/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../common/http/app-error';
import { OutboundClient } from '../../common/net/outbound-client';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { OptionService } from '../option/option.service';
import { OAuthAccountService, type AccountOutcome } from './oauth-account.service';
import { OAuthStateService } from './oauth-state.service';
import { GitHubProvider } from './providers/github.provider';
import { LinuxDoProvider } from './providers/linuxdo.provider';
import { OidcProvider } from './providers/oidc.provider';
import { outboundFetch } from './providers/outbound-fetch';
import { REDIRECT_PROVIDERS, type RedirectProvider, type RedirectProviderName } from './providers/provider';

/** The callback's query as the console passes it on from the provider's redirect. */
export interface CallbackQuery {
  code?: string;
  state?: string;
  iss?: string;
  error?: string;
}

/**
 * Sign-in through GitHub, OIDC and LinuxDO (docs/identity/third-party-sign-in.md): issues states,
 * builds the authorize redirect, and on the callback checks the state, lets the provider exchange the
 * code and read the profile, then hands the identity to OAuthAccountService.
 */
@Injectable()
export class OAuthService implements OnApplicationShutdown {
  private readonly providers: Record<RedirectProviderName, RedirectProvider>;
  private readonly outbound: OutboundClient;

  constructor(
    private readonly states: OAuthStateService,
    private readonly accounts: OAuthAccountService,
    private readonly options: OptionService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    const extra = new Set(config.outboundTestAllow);
    this.outbound = new OutboundClient({
      allow: extra.size === 0 ? isPublicAddress : (ip) => isPublicAddress(ip) || extra.has(ip),
      maxRedirects: 0,
      timeoutMs: 10_000,
      maxBytes: 256 * 1024,
    });
    this.providers = {
      github: new GitHubProvider(config.oauthUrls),
      oidc: new OidcProvider(outboundFetch(this.outbound)),
      linuxdo: new LinuxDoProvider(config.oauthUrls),
    };
  }

  /** A state for a client that builds the authorize URL itself (no PKCE, no nonce, any provider). */
  async issueState(req: FastifyRequest, reply: FastifyReply, aff: string): Promise<string> {
    return (await this.states.issue(req, reply, { provider: '', aff, redirectUri: '', pkce: false })).state;
  }

  /** The provider's authorize URL, with a new state (and for OIDC PKCE S256 and a nonce). */
  async start(req: FastifyRequest, reply: FastifyReply, name: string, aff: string): Promise<string> {
    const s = this.options.settings;
    const provider = this.enabledProvider(name, s);
    const redirectUri = callbackUrl(req, s, provider.name);
    const issued = await this.states.issue(req, reply, {
      provider: provider.name,
      aff,
      redirectUri,
      pkce: provider.pkce,
    });
    return provider.authorizeUrl(s, { redirectUri, ...issued });
  }

  async callback(req: FastifyRequest, reply: FastifyReply, name: string, q: CallbackQuery): Promise<AccountOutcome> {
    const s = this.options.settings;
    const provider = this.enabledProvider(name, s);
    if (q.error) throw AppError.badRequest('oauth.exchange_failed', { provider: provider.label });
    if (!q.code) throw AppError.badRequest('oauth.code_missing');
    if (!q.state) throw AppError.forbidden('oauth.state_invalid');
    const flow = await this.states.consume(req, reply, provider.name, q.state);
    const profile = await provider.profile(s, {
      code: q.code,
      state: q.state,
      redirectUri: flow.redirectUri || callbackUrl(req, s, provider.name),
      codeVerifier: flow.codeVerifier,
      nonce: flow.nonce,
      iss: q.iss,
    });
    const { id, ...rest } = profile;
    return this.accounts.complete(req, reply, {
      prefix: provider.name,
      identity: { field: provider.field, value: id },
      profile: rest,
      aff: flow.aff,
    });
  }

  onApplicationShutdown(): Promise<void> {
    return this.outbound.close();
  }

  private enabledProvider(name: string, s: Settings): RedirectProvider {
    if (!(REDIRECT_PROVIDERS as readonly string[]).includes(name)) throw AppError.notFound('oauth.provider_unknown');
    const provider = this.providers[name as RedirectProviderName];
    if (!provider.enabled(s)) throw AppError.forbidden('oauth.provider_disabled', { provider: provider.label });
    return provider;
  }
}

/** Where the provider sends the browser back: the console's callback page, on ServerAddress or this request's origin. */
export function callbackUrl(req: FastifyRequest, s: Settings, provider: RedirectProviderName): string {
  const base = String(s.ServerAddress || `${req.protocol}://${req.host}`).replace(/\/+$/, '');
  return `${base}/oauth/${provider}`;
}
