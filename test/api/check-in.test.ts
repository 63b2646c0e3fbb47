import { ApiClient } from '../support/api-client';
import { createUser, setOption, setupRoot } from '../support/fixtures';
import { expectLedger } from '../support/ledger-invariant';
import { Db } from '../support/relay-fixtures';
import { startApp, type TestApp } from '../support/test-app';

/** Time zone the app runs in: far from UTC, so a UTC day would usually differ from the local one. */
const TZ = 'Pacific/Kiritimati';

/** Today as yyyymmdd in `timeZone`. */
function today(timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  return Number(parts.replace(/-/g, ''));
}

const EN = { 'accept-language': 'en-US,en;q=0.9' };

/**
 * Daily check-in (docs/check-in.md): GET /api/user/check_in_status and POST /api/user/check_in.
 * Once per calendar day in TZ, CheckInQuota or a random amount up to CheckInMaxQuota, credited with
 * a type-5 row in the transaction that inserts the day's check_ins row.
 */
describe('daily check-in', () => {
  let t: TestApp;
  let db: Db;
  let root: ApiClient;

  beforeAll(async () => {
    t = await startApp({ TZ });
    root = await setupRoot(t.url);
    db = Db.open(t);
  });
  afterAll(async () => {
    db.close();
    await t.close();
  });

  const quotaOf = async (id: number) => Number((await db.one('SELECT quota FROM users WHERE id = ?', [id])).quota);
  const checkInRows = (id: number) =>
    db.all<{ quota: number; other: string; content: string }>('SELECT quota, other, content FROM logs WHERE type = 5 AND user_id = ? ORDER BY id', [id]);
  const dayRows = (id: number) => db.all<{ day: number; quota: number }>('SELECT day, quota FROM check_ins WHERE user_id = ?', [id]);

  it('is refused while CheckInEnabled is off (the default); the status says so', async () => {
    const u = await createUser(root, 'ci_off');
    const status = await u.client.get('/api/user/check_in_status');
    expect(status.status).toBe(200);
    expect(status.body).toEqual({ success: true, message: '', data: { can_check_in: false } });
    const res = await u.client.post('/api/user/check_in');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, data: null, message: '签到功能未启用' });
    expect((await u.client.post('/api/user/check_in', undefined, EN)).body.message).toBe('Check-in is not enabled');
    expect(await dayRows(u.id)).toEqual([]);
  });

  it('the status path is the caller\'s own, not the admin /api/user/:id (for users and admins alike)', async () => {
    await setOption(root, 'CheckInEnabled', 'true');
    const u = await createUser(root, 'ci_route');
    const asUser = await u.client.get('/api/user/check_in_status');
    expect(asUser.status).toBe(200);
    expect(asUser.body.data).toEqual({ can_check_in: true });
    const asRoot = await root.get('/api/user/check_in_status');
    expect(asRoot.status).toBe(200);
    expect(asRoot.body.data).toEqual({ can_check_in: true });
    // A signed-out caller is asked to sign in.
    const anon = await new ApiClient(t.url).get('/api/user/check_in_status');
    expect(anon.status).toBe(401);
  });

  it('grants CheckInQuota once per day in TZ, with its type-5 row; the second attempt is refused', async () => {
    await setOption(root, 'CheckInEnabled', 'true');
    await setOption(root, 'CheckInQuota', '1234');
    await setOption(root, 'CheckInMaxQuota', '0');
    const u = await createUser(root, 'ci_fixed');
    const before = await quotaOf(u.id);

    const res = await u.client.post('/api/user/check_in');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toEqual({ quota: 1234 });
    expect(res.body.message).toMatch(/^签到成功，获得 /);
    expect(await quotaOf(u.id)).toBe(before + 1234);
    const rows = await checkInRows(u.id);
    expect(rows.map((r) => Number(r.quota))).toEqual([1234]);
    expect(JSON.parse(rows[0].other)).toEqual({ check_in_day: today(TZ) });
    expect((await dayRows(u.id)).map((r) => ({ day: Number(r.day), quota: Number(r.quota) }))).toEqual([
      { day: today(TZ), quota: 1234 },
    ]);

    expect((await u.client.get('/api/user/check_in_status')).body.data).toEqual({ can_check_in: false });
    const again = await u.client.post('/api/user/check_in');
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ success: false, data: null, message: '今日已签到' });
    expect((await u.client.post('/api/user/check_in', undefined, EN)).body.message).toBe('Already checked in today');
    expect(await quotaOf(u.id)).toBe(before + 1234);
    expect(await checkInRows(u.id)).toHaveLength(1);
    await expectLedger(db, { users: { [u.id]: 0 } });
  });

  it('with CheckInMaxQuota set, grants a whole amount between the two (row, day and balance agree)', async () => {
    await setOption(root, 'CheckInEnabled', 'true');
    await setOption(root, 'CheckInQuota', '100');
    await setOption(root, 'CheckInMaxQuota', '140');
    const seen = new Set<number>();
    const scope: Record<number, number> = {};
    for (let i = 0; i < 8; i++) {
      const u = await createUser(root, `ci_rand${i}`);
      scope[u.id] = 0;
      const res = await u.client.post('/api/user/check_in');
      expect(res.status).toBe(200);
      const q = res.body.data.quota as number;
      expect(Number.isInteger(q)).toBe(true);
      expect(q).toBeGreaterThanOrEqual(100);
      expect(q).toBeLessThanOrEqual(140);
      seen.add(q);
      expect((await checkInRows(u.id)).map((r) => Number(r.quota))).toEqual([q]);
      expect((await dayRows(u.id)).map((r) => Number(r.quota))).toEqual([q]);
    }
    // 8 draws from 41 values all equal has a chance of 41^-7: the amount is random, not fixed.
    expect(seen.size).toBeGreaterThan(1);
    await expectLedger(db, { users: scope });
  });

  it('20 parallel check-ins of one user (for each of 3 users) → one credit each; the ledger holds', async () => {
    await setOption(root, 'CheckInEnabled', 'true');
    await setOption(root, 'CheckInQuota', '5000');
    await setOption(root, 'CheckInMaxQuota', '0');
    const users = await Promise.all([0, 1, 2].map((i) => createUser(root, `ci_race${i}`)));
    const before = new Map(await Promise.all(users.map(async (u) => [u.id, await quotaOf(u.id)] as const)));

    const answers = await Promise.all(users.flatMap((u) => Array.from({ length: 20 }, () => u.client.post('/api/user/check_in'))));

    const granted = answers.filter((r) => r.status === 200);
    const refused = answers.filter((r) => r.status === 400);
    expect(granted).toHaveLength(3);
    expect(refused).toHaveLength(57);
    for (const r of refused) expect(r.body).toEqual({ success: false, data: null, message: '今日已签到' });
    for (const u of users) {
      expect(await checkInRows(u.id)).toHaveLength(1);
      expect(await dayRows(u.id)).toHaveLength(1);
      expect(await quotaOf(u.id)).toBe(before.get(u.id)! + 5000);
    }
    await expectLedger(db, { users: Object.fromEntries(users.map((u) => [u.id, 0])) });
  });
});
