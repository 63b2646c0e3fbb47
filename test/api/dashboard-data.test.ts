import { ApiClient } from '../support/api-client';
import { createUser, login, ROOT, setupRoot } from '../support/fixtures';
import { Db, eventually } from '../support/relay-fixtures';
import { startApp, type TestApp } from '../support/test-app';

/** Days and weeks follow the gateway's TZ: UTC+8 without daylight saving keeps the figures below fixed. */
const TZ = 'Asia/Shanghai';
const H = 3600;
const D = 24 * H;
/** Monday 2026-01-05 00:00 in Shanghai. */
const BASE = Date.UTC(2026, 0, 4, 16) / 1000;
const EN = { 'accept-language': 'en-US,en;q=0.9' };

interface Row {
  model_name: string;
  created_at: number;
  token_used: number;
  count: number;
  quota: number;
}

/**
 * Dashboard data (docs/dashboard.md): GET /api/data/ (admins: everyone, or one user by username) and
 * GET /api/data/self/ over the hourly aggregates in quota_data, merged into hours, days or weeks.
 */
describe('dashboard data', () => {
  let t: TestApp;
  let db: Db;
  let root: ApiClient;
  let alice: Awaited<ReturnType<typeof createUser>>;
  let bob: Awaited<ReturnType<typeof createUser>>;

  const seed = (userId: number, username: string, model: string, at: number, count: number, quota: number, tokens: number) =>
    db.exec('INSERT INTO quota_data (user_id, username, model_name, created_at, token_used, count, quota) VALUES (?, ?, ?, ?, ?, ?, ?)', [
      userId,
      username,
      model,
      at,
      tokens,
      count,
      quota,
    ]);
  const query = (from: number, to: number, extra = '') => `?start_timestamp=${from}&end_timestamp=${to}${extra}`;
  /** Rows as [offset from BASE, model, count, quota, tokens]. */
  const flat = (rows: Row[]) => rows.map((r) => [r.created_at - BASE, r.model_name, r.count, r.quota, r.token_used]);
  const data = async (client: ApiClient, path: string) => {
    const res = await client.get(path);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    return res.body.data as Row[];
  };

  beforeAll(async () => {
    t = await startApp({ TZ });
    root = await setupRoot(t.url);
    db = Db.open(t);
    alice = await createUser(root, 'dash_alice');
    bob = await createUser(root, 'dash_bob');
    // Alice: two hours of gpt-4o on Monday, claude on Tuesday, and one hour before the range.
    await seed(alice.id, alice.username, 'gpt-4o', BASE, 2, 100, 1000);
    await seed(alice.id, alice.username, 'gpt-4o', BASE + 5 * H, 1, 50, 400);
    await seed(alice.id, alice.username, 'claude-sonnet', BASE + D + 2 * H, 3, 300, 900);
    await seed(alice.id, alice.username, 'gpt-4o', BASE - H, 9, 900, 9000);
    // Bob: Monday's first hour (shared with Alice) and a row the next week.
    await seed(bob.id, bob.username, 'gpt-4o', BASE + H, 4, 40, 4000);
    await seed(bob.id, bob.username, 'gpt-4o', BASE + 7 * D + 3 * H, 1, 7, 70);
  });
  afterAll(async () => {
    db.close();
    await t.close();
  });

  it('self, hour by hour: only the caller\'s rows inside the range (bounds included)', async () => {
    expect(flat(await data(alice.client, `/api/data/self/${query(BASE, BASE + 2 * D)}`))).toEqual([
      [0, 'gpt-4o', 2, 100, 1000],
      [5 * H, 'gpt-4o', 1, 50, 400],
      [D + 2 * H, 'claude-sonnet', 3, 300, 900],
    ]);
    expect(flat(await data(alice.client, `/api/data/self/${query(BASE - H, BASE)}`))).toEqual([
      [-H, 'gpt-4o', 9, 900, 9000],
      [0, 'gpt-4o', 2, 100, 1000],
    ]);
    expect(flat(await data(bob.client, `/api/data/self/${query(BASE, BASE + 2 * D)}`))).toEqual([[H, 'gpt-4o', 4, 40, 4000]]);
  });

  it('self ignores username: a user cannot read another user\'s rows', async () => {
    const rows = await data(bob.client, `/api/data/self/${query(BASE, BASE + 2 * D, `&username=${alice.username}`)}`);
    expect(flat(rows)).toEqual([[H, 'gpt-4o', 4, 40, 4000]]);
  });

  it('day granularity: the hours of a local day summed per model, the bucket at local midnight', async () => {
    expect(flat(await data(alice.client, `/api/data/self/${query(BASE, BASE + 2 * D, '&default_time=day')}`))).toEqual([
      [0, 'gpt-4o', 3, 150, 1400],
      [D, 'claude-sonnet', 3, 300, 900],
    ]);
  });

  it('admin, everyone by week: every user\'s rows summed per model and Monday-based week', async () => {
    expect(flat(await data(root, `/api/data/${query(BASE, BASE + 14 * D, '&default_time=week')}`))).toEqual([
      [0, 'claude-sonnet', 3, 300, 900],
      [0, 'gpt-4o', 7, 190, 5400],
      [7 * D, 'gpt-4o', 1, 7, 70],
    ]);
  });

  it('admin, everyone by hour: users sharing an hour and model are one row', async () => {
    expect(flat(await data(root, `/api/data/${query(BASE, BASE + 6 * H)}`))).toEqual([
      [0, 'gpt-4o', 2, 100, 1000],
      [H, 'gpt-4o', 4, 40, 4000],
      [5 * H, 'gpt-4o', 1, 50, 400],
    ]);
  });

  it('admin, one user by username; an unknown name has no rows; an empty name is everyone', async () => {
    expect(flat(await data(root, `/api/data/${query(BASE, BASE + 14 * D, `&username=${bob.username}&default_time=day`)}`))).toEqual([
      [0, 'gpt-4o', 4, 40, 4000],
      [7 * D, 'gpt-4o', 1, 7, 70],
    ]);
    expect(await data(root, `/api/data/${query(BASE, BASE + 14 * D, '&username=nobody_here')}`)).toEqual([]);
    expect(flat(await data(root, `/api/data/${query(BASE, BASE + 2 * H, '&username=')}`))).toEqual([
      [0, 'gpt-4o', 2, 100, 1000],
      [H, 'gpt-4o', 4, 40, 4000],
    ]);
  });

  it('the everyone route is for admins only', async () => {
    const res = await alice.client.get(`/api/data/${query(BASE, BASE + D)}`);
    expect(res.status).toBe(403);
    expect(res.body.success).toBe(false);
  });

  it.each([
    ['no start', '?end_timestamp=10', 'start_timestamp 格式错误', 'start_timestamp must be epoch seconds'],
    ['text as end', '?start_timestamp=0&end_timestamp=later', 'end_timestamp 格式错误', 'end_timestamp must be epoch seconds'],
    ['end before start', query(BASE, BASE - 1), '开始时间不能晚于结束时间', 'The start time must not be after the end time'],
    ['over 366 days', query(BASE, BASE + 367 * D, '&default_time=week'), '时间跨度不能超过 366 天', 'The range may cover at most 366 days'],
    [
      'hourly over 31 days',
      query(BASE, BASE + 32 * D),
      '按小时查看时时间跨度不能超过 31 天，请按天或按周查看',
      'Hourly data covers at most 31 days; choose day or week',
    ],
    ['unknown granularity', query(BASE, BASE + D, '&default_time=month'), 'default_time 只能是 hour、day 或 week', 'default_time must be hour, day or week'],
  ])('refuses %s with 400 and a message, on both routes', async (_name, qs, zh, en) => {
    for (const [client, path] of [
      [alice.client, '/api/data/self/'],
      [root, '/api/data/'],
    ] as const) {
      const res = await client.get(path + qs);
      expect([res.status, res.body]).toEqual([400, { success: false, message: zh, data: null }]);
      expect((await client.get(path + qs, EN)).body.message).toBe(en);
    }
  });

  it('the master rolls every user\'s hours up at boot; the everyone view reads them, and a late row is re-summed, not added twice', async () => {
    const everyone = `/api/data/${query(BASE - H, BASE + 14 * D, '&default_time=day')}`;
    const before = await data(root, everyone);
    expect(await db.all('SELECT * FROM quota_data_totals')).toEqual([]);

    await restartApp();
    const totals = () => db.all<{ n: number }>('SELECT COUNT(*) AS n FROM quota_data_totals');
    expect(await eventually(async () => Number((await totals())[0].n) === 6)).toBe(true);
    // The totals answer now: a different row in them would show (checked by breaking the roll-up once).
    expect(await data(root, everyone)).toEqual(before);

    // A settlement that lands late in a recent hour already rolled up (as the ledger adds it to the
    // row): the next run sums that hour again; a run without news leaves it as it is.
    const now = Math.floor(Date.now() / 1000);
    const recent = now - (now % H) - 3 * H;
    await seed(alice.id, alice.username, 'late-model', recent, 1, 11, 110);
    await restartApp();
    const late = async () => Number((await db.one<{ count: number }>('SELECT count FROM quota_data_totals WHERE created_at = ? AND model_name = ?', [recent, 'late-model']))?.count);
    expect(await eventually(async () => (await late()) === 1)).toBe(true);
    await db.exec('UPDATE quota_data SET count = count + 1, quota = quota + 11 WHERE user_id = ? AND model_name = ?', [alice.id, 'late-model']);
    await restartApp();
    expect(await eventually(async () => (await late()) === 2)).toBe(true);
    await restartApp();
    expect(await eventually(async () => Number((await totals())[0].n) === 7)).toBe(true);
    expect(await late()).toBe(2);
    expect(flat(await data(root, `/api/data/${query(recent, recent + H)}`))).toEqual([[recent - BASE, 'late-model', 2, 22, 110]]);
  });

  it('hours after the last roll-up are summed live: usage of the current hour shows at once', async () => {
    const now = Math.floor(Date.now() / 1000);
    const hour = now - (now % H);
    await seed(bob.id, bob.username, 'live-model', hour, 2, 22, 220);
    const rows = await data(root, `/api/data/${query(hour - H, now + H)}`);
    expect(rows.filter((r) => r.model_name === 'live-model').map((r) => [r.created_at, r.count, r.quota])).toEqual([[hour, 2, 22]]);
  });

  it('a year of twenty models by day: 175,680 rolled-up hours answer as 7,320 days', async () => {
    // Hours × models beyond what one call's arguments hold (the rows were once spread into a push).
    const start = BASE - 400 * D;
    const digits =
      '(SELECT 0 AS n UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4 UNION ALL SELECT 5 UNION ALL SELECT 6 UNION ALL SELECT 7 UNION ALL SELECT 8 UNION ALL SELECT 9)';
    const hour = 'a.n + 10 * b.n + 100 * c.n + 1000 * d.n';
    for (let m = 0; m < 20; m++) {
      await db.exec(
        `INSERT INTO quota_data_totals (model_name, created_at, token_used, count, quota) SELECT ?, ? + ${H} * (${hour}), 3, 1, 2 FROM ${digits} a, ${digits} b, ${digits} c, ${digits} d WHERE ${hour} < ${366 * 24}`,
        [`year-${String(m).padStart(2, '0')}`, start],
      );
    }
    const rows = await data(root, `/api/data/${query(start, start + 366 * D - 1, '&default_time=day')}`);
    expect(rows).toHaveLength(366 * 20);
    expect(rows.every((r) => r.count === 24 && r.quota === 48 && r.token_used === 72)).toBe(true);
    expect(flat(rows.slice(0, 2))).toEqual([
      [-400 * D, 'year-00', 24, 48, 72],
      [-400 * D, 'year-01', 24, 48, 72],
    ]);
    expect(rows.at(-1)?.created_at).toBe(start + 365 * D);
  });

  async function restartApp(): Promise<void> {
    db.close();
    t = await t.restart('SIGTERM');
    db = Db.open(t);
    root = new ApiClient(t.url);
    await login(root, ROOT.username, ROOT.password);
  }
});
