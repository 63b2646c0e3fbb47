import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../../config/env';

export const SESSION_COOKIE = 'session';
const SESSION_TTL_SEC = 30 * 24 * 3600;

export interface SessionClaims {
  userId: number;
  sessionVersion: number;
}

/**
 * Stateless signed session cookie carrying only (user id, session version, expiry). Role and status
 * are never taken from it: the guard loads the user on every request, and a password change bumps
 * the version so that every other session of that user is void.
 */
@Injectable()
export class SessionService {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  issue(req: FastifyRequest, reply: FastifyReply, claims: SessionClaims): void {
    const exp = Math.floor(Date.now() / 1000) + SESSION_TTL_SEC;
    reply.setCookie(SESSION_COOKIE, `${claims.userId}.${claims.sessionVersion}.${exp}`, {
      signed: true,
      httpOnly: true,
      sameSite: 'strict',
      secure: req.protocol === 'https',
      path: '/',
      maxAge: SESSION_TTL_SEC,
    });
  }

  clear(reply: FastifyReply): void {
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
  }

  read(req: FastifyRequest): SessionClaims | null {
    const raw = req.cookies?.[SESSION_COOKIE];
    if (!raw) return null;
    const unsigned = req.unsignCookie(raw);
    if (!unsigned.valid || !unsigned.value) return null;
    const [uid, sv, exp] = unsigned.value.split('.').map(Number);
    if (!Number.isInteger(uid) || !Number.isInteger(sv) || !(exp > Date.now() / 1000)) return null;
    return { userId: uid, sessionVersion: sv };
  }
}
