import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EntityManager, Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { SessionEntity } from '../../database/entities';
import type { AuthRecord } from '../user/user.service';
import { SESSION_TTL_SEC, SessionStore, type SessionStart } from './session-store';

export const SESSION_COOKIE = 'session';
const COOKIE_ID = /^[A-Za-z0-9_-]{43}$/;

/** A live session and its user, as the guard needs them. */
export interface ResolvedSession {
  /** The row key (keyed hash of the cookie's id). */
  key: string;
  user: AuthRecord;
}

/**
 * Server-side console sessions (docs/security/sessions.md). The signed cookie carries only a random id;
 * the session row it names (SessionStore) says whose session it is and until when. Role and status are
 * never taken from the session: the guard loads them with it on every request.
 */
@Injectable()
export class SessionService {
  private readonly logger = new Logger(SessionService.name);
  private readonly store: SessionStore;

  constructor(@Inject(APP_CONFIG) config: AppConfig, @InjectRepository(SessionEntity) repo: Repository<SessionEntity>) {
    this.store = new SessionStore(repo, config.sessionSecret);
  }

  /** Records a new session and sets its cookie. */
  async start(req: FastifyRequest, reply: FastifyReply, start: SessionStart): Promise<void> {
    const id = await this.store.create(start);
    reply.setCookie(SESSION_COOKIE, id, {
      signed: true,
      httpOnly: true,
      sameSite: 'strict',
      secure: req.protocol === 'https',
      path: '/',
      maxAge: SESSION_TTL_SEC,
    });
  }

  /** Logout: deletes this request's session, if any, and clears the cookie. */
  async end(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const key = this.keyFromCookie(req);
    if (key) await this.store.delete(key);
    this.clear(reply);
  }

  clear(reply: FastifyReply): void {
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
  }

  /** The row key named by the request's cookie, or null without a well-formed, correctly signed one. */
  keyFromCookie(req: FastifyRequest): string | null {
    const raw = req.cookies?.[SESSION_COOKIE];
    if (!raw) return null;
    const unsigned = req.unsignCookie(raw);
    if (!unsigned.valid || !unsigned.value || !COOKIE_ID.test(unsigned.value)) return null;
    return this.store.keyOf(unsigned.value);
  }

  /** The live session `key` with its user, or null if it ended, expired or was revoked. */
  async resolve(key: string): Promise<ResolvedSession | null> {
    const live = await this.store.find(key);
    if (!live) return null;
    if (live.stale) {
      // Bookkeeping only: the request does not wait for it, and a failure does not fail the request.
      this.store.touch(key).catch((err) => this.logger.debug(`session last_seen_at not updated: ${String(err)}`));
    }
    return { key, user: live.user };
  }

  /** Ends the user's sessions (all, or all but `keep`) in `m`'s transaction: see SessionStore.revoke. */
  revoke(m: EntityManager, userId: number, keep?: string): Promise<void> {
    return this.store.revoke(m, userId, keep);
  }

  /** Deletes expired sessions (the master node's hourly sweep). */
  sweepExpired(): Promise<number> {
    return this.store.sweepExpired();
  }
}
