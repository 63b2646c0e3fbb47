import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { nowSec } from '../../database/columns';
import { openDatabase } from '../../database/data-source';
import { SessionEntity, UserEntity } from '../../database/entities';
import { turnsDuring } from '../../testing/event-loop-turns';
import { MAX_SESSIONS_PER_USER, SESSION_TTL_SEC, SessionStore, SWEEP_SLICE, TOUCH_EVERY_SEC } from './session-store';

/** The sessions table on a real SQLite database (the API tests run the same rules on MariaDB too). */
describe('SessionStore', () => {
  let dir: string;
  let ds: DataSource;
  let store: SessionStore;
  let userId: number;

  const version = async () => (await ds.getRepository(UserEntity).findOneByOrFail({ id: userId })).session_version;
  /** Starts a session as a sign-in does; returns its row key. */
  const signIn = async (sessionVersion?: number) =>
    store.keyOf(await store.create({ userId, sessionVersion: sessionVersion ?? (await version()) }));
  const live = async (key: string) => (await store.find(key)) !== null;
  const rows = () => ds.getRepository(SessionEntity);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gw-sessions-'));
    ds = await openDatabase({
      database: { type: 'sqlite', path: join(dir, 's.db'), busyTimeoutMs: 1000 },
      dbLogging: false,
    });
    store = new SessionStore(ds.getRepository(SessionEntity), 'unit-secret');
  });
  afterAll(async () => {
    await ds.destroy();
    rmSync(dir, { recursive: true, force: true });
  });
  let n = 0;
  beforeEach(async () => {
    userId = (await ds.getRepository(UserEntity).save({ username: `user${++n}`, password: '' })).id;
  });

  it('keeps only a keyed hash of the cookie id, and finds the session with its user', async () => {
    const id = await store.create({ userId, sessionVersion: await version() });
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const key = store.keyOf(id);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(await rows().existsBy({ id })).toBe(false);
    const row = await rows().findOneByOrFail({ id: key });
    expect(row.expires_at - row.created_at).toBe(SESSION_TTL_SEC);
    expect(await store.find(key)).toEqual({
      stale: false,
      user: {
        id: userId,
        username: `user${n}`,
        role: 1,
        status: 1,
        group: 'default',
        session_version: 0,
        deleted_at: null,
      },
    });
    expect((await store.find(key, nowSec() + TOUCH_EVERY_SEC))?.stale).toBe(true);
    expect(await store.find(store.keyOf('x'.repeat(43)))).toBeNull();
  });

  it('revoke ends every session of the user, or every one but the kept one', async () => {
    const [a, b, c] = [await signIn(), await signIn(), await signIn()];
    await ds.transaction((m) => store.revoke(m, userId, a));
    expect([await live(a), await live(b), await live(c)]).toEqual([true, false, false]);
    await ds.transaction((m) => store.revoke(m, userId));
    expect(await live(a)).toBe(false);
    expect(await rows().countBy({ user_id: userId })).toBe(0);
  });

  it('a session written with the version read before a revocation (a racing sign-in) is void', async () => {
    const before = await version();
    await ds.transaction((m) => store.revoke(m, userId));
    expect(await live(await signIn(before))).toBe(false);
    expect(await live(await signIn())).toBe(true);
  });

  it('refuses an expired session, and the sweep deletes expired rows only', async () => {
    const [old, fresh] = [await signIn(), await signIn()];
    await rows().update({ id: old }, { expires_at: nowSec() - 1 });
    expect(await live(old)).toBe(false);
    expect(await store.sweepExpired()).toBeGreaterThanOrEqual(1);
    expect(await rows().existsBy({ id: old })).toBe(false);
    expect(await live(fresh)).toBe(true);
  });

  it('sweeps in slices, with a turn of the event loop after each', async () => {
    const expired = Array.from({ length: 3 * SWEEP_SLICE + 1 }, (_, i) => ({
      id: `expired-${i}`,
      user_id: userId,
      session_version: 0,
      created_at: 1,
      last_seen_at: 1,
      expires_at: 2,
    }));
    await rows().insert(expired);
    const [swept, turns] = await turnsDuring(() => store.sweepExpired());
    expect(swept).toBe(expired.length);
    expect(turns).toBeGreaterThanOrEqual(3);
  });

  it(`keeps at most ${MAX_SESSIONS_PER_USER} sessions per user, ending the oldest`, async () => {
    const first = await signIn();
    await rows().update({ id: first }, { created_at: nowSec() - 60 });
    for (let i = 0; i < MAX_SESSIONS_PER_USER; i++) await signIn();
    expect(await rows().countBy({ user_id: userId })).toBe(MAX_SESSIONS_PER_USER);
    expect(await live(first)).toBe(false);
  });
});
