import { SunoMock } from '../mock-upstream/suno-mock';
import type { ApiClient } from '../support/api-client';
import { setupRoot } from '../support/fixtures';
import { expectLedger } from '../support/ledger-invariant';
import { createChannel, createToken, Db, eventually, fundedUser, sleep } from '../support/relay-fixtures';
import { startApp, type TestApp } from '../support/test-app';

const UPSTREAM_KEY = 'suno-upstream-key';
const MUSIC_PRICE = 50_000; // suno_music 0.1 USD × 500000
const LYRICS_PRICE = 5_000; // suno_lyrics 0.01 USD × 500000
const TOKEN_QUOTA = 5_000_000;

interface Customer {
  id: number;
  key: string;
  tokenId: number;
}

/** The Suno relay: per-action billing, polling to completion, refunds, and ownership (docs/tasks.md). */
describe('Suno tasks', () => {
  let t: TestApp;
  let db: Db;
  let suno: SunoMock;
  let root: ApiClient;

  const call = async (key: string, method: 'GET' | 'POST', path: string, body?: unknown) => {
    const res = await fetch(`${t.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const customer = async (name: string): Promise<Customer> => {
    const u = await fundedUser(root, name, 10_000_000);
    const tok = await createToken(u.client, { remain_quota: TOKEN_QUOTA });
    return { id: u.id, key: tok.key, tokenId: tok.id };
  };
  const quotaOf = async (id: number) => Number((await db.one('SELECT quota FROM users WHERE id = ?', [id])).quota);
  const ledgerOk = (c: Customer) => expectLedger(db, { users: { [c.id]: 0 }, tokens: { [c.tokenId]: TOKEN_QUOTA } });
  const until = async (c: Customer, id: string, status: string) => {
    const task = await eventually(async () => {
      const r = await call(c.key, 'GET', `/suno/fetch/${id}`);
      return r.body.data?.status === status ? r.body.data : null;
    }, 30_000);
    expect(task?.status).toBe(status);
    return task;
  };

  beforeAll(async () => {
    suno = new SunoMock(UPSTREAM_KEY);
    await suno.start();
    t = await startApp({ TASK_POLL_INTERVAL_MS: '200' });
    db = Db.open(t);
    root = await setupRoot(t.url);
    await createChannel(root, { type: 36, key: UPSTREAM_KEY, base_url: suno.url, models: 'suno_music,suno_lyrics' });
  });
  afterAll(async () => {
    db.close();
    await t.close();
    await suno.close();
  });

  it('music: charged once at submission, polled to SUCCESS with audio URLs', async () => {
    const c = await customer('suno-music');
    const before = await quotaOf(c.id);
    const sub = await call(c.key, 'POST', '/suno/submit/music', { prompt: 'a song about tests', mv: 'chirp-v3-5' });
    expect(sub).toMatchObject({ status: 200, body: { code: 'success' } });
    const id: string = sub.body.data;
    expect(suno.requests.find((r) => r.path === '/suno/submit/music')?.body).toMatchObject({ prompt: 'a song about tests' });
    expect(await quotaOf(c.id)).toBe(before - MUSIC_PRICE);
    const task = await until(c, id, 'SUCCESS');
    expect(task).toMatchObject({ task_id: id, action: 'MUSIC', progress: '100%' });
    expect(task.finish_time).toBeGreaterThan(0);
    expect(task.data[0].audio_url).toContain('.mp3');
    const logs =
      (await eventually(async () => {
        const rows = await db.all('SELECT * FROM logs WHERE type = 2 AND user_id = ?', [c.id]);
        return rows.length > 0 ? rows : null;
      })) ?? [];
    expect(logs).toHaveLength(1);
    expect(Number(logs[0].quota)).toBe(MUSIC_PRICE);
    expect(logs[0].model_name).toBe('suno_music');
    expect(JSON.parse(logs[0].other).task_id).toBe(id);
    expect(await quotaOf(c.id)).toBe(before - MUSIC_PRICE);
    await ledgerOk(c);
  });

  it('lyrics through POST /suno/fetch; other users see none of them', async () => {
    const c = await customer('suno-lyrics');
    const other = await customer('suno-other');
    const sub = await call(c.key, 'POST', '/suno/submit/lyrics', { prompt: 'lyrics about the sea' });
    expect(sub.body.code).toBe('success');
    const id: string = sub.body.data;
    const done = await eventually(async () => {
      const r = await call(c.key, 'POST', '/suno/fetch', { ids: [id] });
      return r.body.data?.[0]?.status === 'SUCCESS' ? r.body.data[0] : null;
    }, 30_000);
    expect(done).toMatchObject({ task_id: id, action: 'LYRICS', status: 'SUCCESS' });
    expect(done.data.text).toContain('la la');
    expect((await call(other.key, 'GET', `/suno/fetch/${id}`)).status).toBe(404);
    expect((await call(other.key, 'POST', '/suno/fetch', { ids: [id] })).body).toMatchObject({ code: 'success', data: [] });
    const log = await eventually(() => db.one('SELECT quota FROM logs WHERE type = 2 AND user_id = ?', [c.id]));
    expect(Number(log.quota)).toBe(LYRICS_PRICE);
    await ledgerOk(c);
    await ledgerOk(other);
  });

  it('an upstream refusal is refunded in full and leaves no task', async () => {
    const c = await customer('suno-refused');
    const before = await quotaOf(c.id);
    const sub = await call(c.key, 'POST', '/suno/submit/music', { prompt: 'please refuse this' });
    expect(sub.status).toBe(502);
    expect(sub.body).toMatchObject({ code: 'fail_to_submit', data: null });
    expect(await quotaOf(c.id)).toBe(before);
    expect(Number((await db.one('SELECT COUNT(*) AS n FROM tasks WHERE user_id = ?', [c.id])).n)).toBe(0);
    await ledgerOk(c);
  });

  it('a task that fails is refunded exactly once', async () => {
    const c = await customer('suno-failed');
    const before = await quotaOf(c.id);
    const sub = await call(c.key, 'POST', '/suno/submit/music', { prompt: 'this will fail' });
    const id: string = sub.body.data;
    const task = await until(c, id, 'FAILURE');
    expect(task.fail_reason).toBe('upstream generation failed');
    await eventually(async () => (await quotaOf(c.id)) === before);
    await sleep(1000); // several more polls: nothing moves again
    expect(await quotaOf(c.id)).toBe(before);
    await eventually(async () => (await db.all('SELECT id FROM logs WHERE type = 2 AND user_id = ?', [c.id])).length === 2);
    const logs = await db.all('SELECT quota, other FROM logs WHERE type = 2 AND user_id = ? ORDER BY id', [c.id]);
    expect(logs.map((l) => Number(l.quota))).toEqual([MUSIC_PRICE, -MUSIC_PRICE]);
    expect(JSON.parse(logs[1].other)).toMatchObject({ task_id: id, refund: true });
    await ledgerOk(c);
  });

  it('a refund can be spent at once, even by a key that the charge had emptied', async () => {
    const u = await fundedUser(root, 'suno-exact', 10_000_000);
    const tok = await createToken(u.client, { remain_quota: MUSIC_PRICE });
    const c = { id: u.id, key: tok.key, tokenId: tok.id };
    const first = await call(c.key, 'POST', '/suno/submit/music', { prompt: 'this will fail' });
    await until(c, first.body.data, 'FAILURE');
    await eventually(async () => Number((await db.one('SELECT remain_quota FROM tokens WHERE id = ?', [tok.id])).remain_quota) === MUSIC_PRICE);
    const again = await call(c.key, 'POST', '/suno/submit/music', { prompt: 'a second song' });
    expect(again).toMatchObject({ status: 200, body: { code: 'success' } });
    // The key is empty again now (any call with it is refused): read the task from the table.
    const done = await eventually(async () => {
      const row = await db.one('SELECT status FROM tasks WHERE task_id = ?', [again.body.data]);
      return row?.status === 'SUCCESS';
    }, 30_000);
    expect(done).toBe(true);
    await expectLedger(db, { users: { [c.id]: 0 }, tokens: { [c.tokenId]: MUSIC_PRICE } });
  });

  it('rejects an unknown action and a key-less call', async () => {
    const c = await customer('suno-bad');
    expect((await call(c.key, 'POST', '/suno/submit/video', { prompt: 'x' })).status).toBe(400);
    expect((await call('sk-nothing', 'GET', '/suno/fetch/abc')).status).toBe(401);
  });
});

describe('Suno task timeout', () => {
  let t: TestApp;
  let db: Db;
  let suno: SunoMock;

  beforeAll(async () => {
    suno = new SunoMock(UPSTREAM_KEY);
    await suno.start();
    t = await startApp({ TASK_POLL_INTERVAL_MS: '200', TASK_TIMEOUT_SECONDS: '2' });
    db = Db.open(t);
  });
  afterAll(async () => {
    db.close();
    await t.close();
    await suno.close();
  });

  it('a task the upstream never finishes fails at the timeout, refunded once even if success comes late', async () => {
    const root = await setupRoot(t.url);
    await createChannel(root, { type: 36, key: UPSTREAM_KEY, base_url: suno.url, models: 'suno_music' });
    const u = await fundedUser(root, 'suno-slow', 10_000_000);
    const tok = await createToken(u.client, { remain_quota: TOKEN_QUOTA });
    suno.down = true;
    const res = await fetch(`${t.url}/suno/submit/music`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tok.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'slow' }),
    });
    const id = ((await res.json()) as any).data as string;
    const row = await eventually(async () => {
      const r = await db.one('SELECT status, fail_reason FROM tasks WHERE task_id = ?', [id]);
      return r?.status === 'FAILURE' ? r : null;
    }, 30_000);
    expect(row).toMatchObject({ status: 'FAILURE', fail_reason: 'timeout' });
    suno.down = false;
    suno.pollsToFinish = 1;
    await sleep(1000);
    expect((await db.one('SELECT status FROM tasks WHERE task_id = ?', [id])).status).toBe('FAILURE');
    await eventually(async () => (await db.all('SELECT id FROM logs WHERE type = 2 AND user_id = ?', [u.id])).length === 2);
    const logs = await db.all('SELECT quota FROM logs WHERE type = 2 AND user_id = ? ORDER BY id', [u.id]);
    expect(logs.map((l) => Number(l.quota))).toEqual([MUSIC_PRICE, -MUSIC_PRICE]);
    await expectLedger(db, { users: { [u.id]: 0 }, tokens: { [tok.id]: TOKEN_QUOTA } });
  });
});
