import { randomBytes } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { In, LessThanOrEqual, type EntityManager, type Repository } from 'typeorm';
import { nowSec } from '../../database/columns';
import { SessionEntity, UserEntity } from '../../database/entities';
import type { AuthRecord } from '../user/user.service';
import { keyedHash } from './secrets';

export const SESSION_TTL_SEC = 30 * 24 * 3600;
/** last_seen_at is refreshed when it is older than this: at most one write per session per interval. */
export const TOUCH_EVERY_SEC = 300;
/** Sessions a user may hold at once; a sign-in beyond it ends their oldest ones. */
export const MAX_SESSIONS_PER_USER = 100;
const BATCH = 500;
/**
 * The sweep deletes this many rows per statement, with a turn of the event loop after each: on SQLite
 * (synchronous) its batches followed one another without one, up to 100,000 rows in one hold.
 */
export const SWEEP_SLICE = 100;
const SWEEP_MAX_SLICES = 1000;

export interface SessionStart {
  userId: number;
  /** users.session_version as read when the credentials were checked. */
  sessionVersion: number;
}

export interface LiveSession {
  user: AuthRecord;
  /** last_seen_at is older than TOUCH_EVERY_SEC. */
  stale: boolean;
}

/**
 * The sessions table (docs/security/sessions.md): rows keyed by the keyed hash of the random id that the
 * cookie carries. A session is live while its row exists, has not expired and carries the user's current
 * session_version. Free of Nest, so it is tested on a real database (session-store.spec.ts).
 */
export class SessionStore {
  constructor(
    private readonly repo: Repository<SessionEntity>,
    private readonly secret: string,
  ) {}

  /** The row key of a cookie id. */
  keyOf(id: string): string {
    return keyedHash(this.secret, id);
  }

  /** Records a new session; returns the random id for the cookie. Beyond MAX_SESSIONS_PER_USER the oldest end. */
  async create(start: SessionStart, now = nowSec()): Promise<string> {
    const id = randomBytes(32).toString('base64url');
    await this.repo.insert({
      id: this.keyOf(id),
      user_id: start.userId,
      session_version: start.sessionVersion,
      created_at: now,
      expires_at: now + SESSION_TTL_SEC,
      last_seen_at: now,
    });
    await this.trim(start.userId);
    return id;
  }

  /** The live session `key` with its user: one query by primary key. */
  async find(key: string, now = nowSec()): Promise<LiveSession | null> {
    const row = await this.repo
      .createQueryBuilder('s')
      .innerJoin(UserEntity, 'u', 'u.id = s.user_id')
      .select('u.id', 'id')
      .addSelect('u.username', 'username')
      .addSelect('u.role', 'role')
      .addSelect('u.status', 'status')
      .addSelect('u.group', 'group')
      .addSelect('u.session_version', 'user_version')
      .addSelect('u.deleted_at', 'deleted_at')
      .addSelect('s.session_version', 'session_version')
      .addSelect('s.expires_at', 'expires_at')
      .addSelect('s.last_seen_at', 'last_seen_at')
      .where('s.id = :key', { key })
      .getRawOne<Record<string, string | number | null>>();
    if (!row || Number(row.expires_at) <= now || Number(row.session_version) !== Number(row.user_version)) return null;
    return {
      stale: now - Number(row.last_seen_at) >= TOUCH_EVERY_SEC,
      user: {
        id: Number(row.id),
        username: String(row.username),
        role: Number(row.role),
        status: Number(row.status),
        group: String(row.group),
        session_version: Number(row.user_version),
        deleted_at: row.deleted_at === null ? null : Number(row.deleted_at),
      },
    };
  }

  async touch(key: string, now = nowSec()): Promise<void> {
    await this.repo.update({ id: key }, { last_seen_at: now });
  }

  async delete(key: string): Promise<void> {
    await this.repo.delete({ id: key });
  }

  /**
   * Ends the user's sessions, all of them or all but `keep`, inside `m`'s transaction. Bumping
   * users.session_version first voids any session that a concurrent sign-in with the old credentials
   * writes after this; the kept session moves to the new version.
   */
  async revoke(m: EntityManager, userId: number, keep?: string): Promise<void> {
    await m.getRepository(UserEntity).increment({ id: userId }, 'session_version', 1);
    const remove = m.createQueryBuilder().delete().from(SessionEntity).where('user_id = :userId', { userId });
    if (keep) remove.andWhere('id <> :keep', { keep });
    await remove.execute();
    if (!keep) return;
    const user = await m
      .getRepository(UserEntity)
      .findOne({ select: { id: true, session_version: true }, where: { id: userId } });
    if (user)
      await m
        .getRepository(SessionEntity)
        .update({ id: keep, user_id: userId }, { session_version: user.session_version });
  }

  /** Deletes expired sessions in slices (SWEEP_SLICE; bounded per run); returns how many. */
  async sweepExpired(now = nowSec()): Promise<number> {
    let swept = 0;
    for (let i = 0; i < SWEEP_MAX_SLICES; i++) {
      const rows = await this.repo.find({
        select: { id: true },
        where: { expires_at: LessThanOrEqual(now) },
        take: SWEEP_SLICE,
      });
      if (rows.length === 0) break;
      await this.repo.delete({ id: In(rows.map((r) => r.id)) });
      swept += rows.length;
      if (rows.length < SWEEP_SLICE) break;
      await nextTurn();
    }
    return swept;
  }

  /** Ends the user's oldest sessions beyond MAX_SESSIONS_PER_USER. */
  private async trim(userId: number): Promise<void> {
    const extra = await this.repo.find({
      select: { id: true },
      where: { user_id: userId },
      order: { created_at: 'DESC', id: 'ASC' },
      skip: MAX_SESSIONS_PER_USER,
      take: BATCH,
    });
    if (extra.length > 0) await this.repo.delete({ id: In(extra.map((r) => r.id)) });
  }
}
