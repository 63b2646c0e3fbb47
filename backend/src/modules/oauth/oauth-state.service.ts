import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../common/http/app-error';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { nowSec } from '../../database/columns';
import { keyedHash, safeEqual } from '../auth/secrets';
import { OAuthStateRepository } from './oauth-state.repository';

export const STATE_COOKIE = 'oauth_state';
const STATE_TTL_SEC = 600;
const STATE_FORMAT = /^[A-Za-z0-9_-]{43}$/;
/** Expired rows are swept when a state is issued, at most this often per process. */
const SWEEP_EVERY_MS = 60_000;

export interface IssueRequest {
  /** '' when any provider may use it (GET /api/oauth/state). */
  provider: string;
  aff: string;
  /** '' when the client builds the authorize URL itself. */
  redirectUri: string;
  /** Generate a PKCE verifier and a nonce (OIDC started by the server). */
  pkce: boolean;
}

export interface IssuedState {
  state: string;
  codeChallenge?: string;
  nonce?: string;
}

/** What a consumed state remembers of its flow. */
export interface ConsumedState {
  aff: string;
  redirectUri: string;
  codeVerifier?: string;
  nonce?: string;
}

/**
 * The OAuth `state` (docs/identity/third-party-sign-in.md): a random value kept as a keyed hash in
 * `oauth_states` for 10 minutes with the flow's invite code, PKCE verifier and nonce, and bound to the
 * browser that asked for it by a signed, HttpOnly, SameSite=Lax cookie on /api/oauth. The callback must
 * present both; the row is then deleted, so the same callback never works twice.
 */
@Injectable()
export class OAuthStateService {
  private lastSweep = 0;

  constructor(
    private readonly repo: OAuthStateRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async issue(req: FastifyRequest, reply: FastifyReply, r: IssueRequest): Promise<IssuedState> {
    const state = randomBytes(32).toString('base64url');
    const codeVerifier = r.pkce ? randomBytes(32).toString('base64url') : null;
    const nonce = r.pkce ? randomBytes(24).toString('base64url') : null;
    await this.sweep();
    await this.repo.insert({
      id: this.keyOf(state),
      provider: r.provider,
      aff_code: r.aff.slice(0, 32),
      code_verifier: codeVerifier,
      nonce,
      redirect_uri: r.redirectUri,
      expires_at: nowSec() + STATE_TTL_SEC,
    });
    reply.setCookie(STATE_COOKIE, state, {
      signed: true,
      httpOnly: true,
      sameSite: 'lax',
      secure: req.protocol === 'https',
      path: '/api/oauth',
      maxAge: STATE_TTL_SEC,
    });
    return {
      state,
      ...(codeVerifier ? { codeChallenge: createHash('sha256').update(codeVerifier).digest('base64url') } : {}),
      ...(nonce ? { nonce } : {}),
    };
  }

  /**
   * Checks the callback's state against the browser's cookie, then takes its row. Another browser's
   * state (no or another cookie) → 403 oauth.state_other_browser, the row kept for its owner; unknown,
   * expired, another provider's or already used → 403 oauth.state_invalid.
   */
  async consume(req: FastifyRequest, reply: FastifyReply, provider: string, state: string): Promise<ConsumedState> {
    if (!STATE_FORMAT.test(state)) throw AppError.forbidden('oauth.state_invalid');
    const raw = req.cookies?.[STATE_COOKIE];
    const cookie = raw ? req.unsignCookie(raw) : undefined;
    if (!cookie?.valid || !cookie.value || !safeEqual(cookie.value, state))
      throw AppError.forbidden('oauth.state_other_browser');
    const row = await this.repo.take(this.keyOf(state), provider, nowSec());
    if (!row) throw AppError.forbidden('oauth.state_invalid');
    reply.clearCookie(STATE_COOKIE, { path: '/api/oauth' });
    return {
      aff: row.aff_code,
      redirectUri: row.redirect_uri ?? '',
      ...(row.code_verifier ? { codeVerifier: row.code_verifier } : {}),
      ...(row.nonce ? { nonce: row.nonce } : {}),
    };
  }

  private keyOf(state: string): string {
    return keyedHash(this.config.cryptoSecret, `oauth-state:${state}`);
  }

  private async sweep(): Promise<void> {
    if (Date.now() - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = Date.now();
    await this.repo.deleteExpired(nowSec());
  }
}
