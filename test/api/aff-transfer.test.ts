import { ApiClient } from '../support/api-client';
import { createUser, login, setOption, setupRoot } from '../support/fixtures';
import { expectLedger } from '../support/ledger-invariant';
import { Db } from '../support/relay-fixtures';
import { startApp, type TestApp } from '../support/test-app';

const UNIT = 500_000; // QuotaPerUnit's default
const EN = { 'accept-language': 'en-US,en;q=0.9' };

/**
 * POST /api/user/aff_transfer (docs/invite.md): invite earnings (aff_quota) move to the balance in
 * amounts of at least one quota unit, by one conditional update and a type-4 credit row in the same
 * transaction, so parallel transfers never move more than was earned.
 */
describe('invite earnings transfer', () => {
  let t: TestApp;
  let db: Db;
  let root: ApiClient;

  beforeAll(async () => {
    t = await startApp();
    root = await setupRoot(t.url);
    db = Db.open(t);
  });
  afterAll(async () => {
    db.close();
    await t.close();
  });

  const money = async (id: number) => {
    const r = await db.one('SELECT quota, aff_quota, aff_history_quota FROM users WHERE id = ?', [id]);
    return { quota: Number(r.quota), aff_quota: Number(r.aff_quota), aff_history_quota: Number(r.aff_history_quota) };
  };
  const transferRows = async (id: number) =>
    (await db.all('SELECT quota, other FROM logs WHERE type = 4 AND user_id = ? ORDER BY id', [id]))
      .filter((r) => r.other && JSON.parse(r.other).aff_transfer !== undefined)
      .map((r) => Number(r.quota));

  it('messages: below one unit, not a positive integer, more than earned (zh and en)', async () => {
    const u = await createUser(root, 'aff_msgs');
    await db.exec('UPDATE users SET aff_quota = ? WHERE id = ?', [UNIT, u.id]);
    const cases: [unknown, number, string, string][] = [
      [UNIT - 1, 400, '划转金额最低为 $1.00', 'The amount to transfer must be at least $1.00'],
      ['abc', 400, '划转额度必须是正整数', 'The amount to transfer must be a positive integer'],
      [1.5, 400, '划转额度必须是正整数', 'The amount to transfer must be a positive integer'],
      [-UNIT, 400, '划转额度必须是正整数', 'The amount to transfer must be a positive integer'],
      [UNIT + 1, 400, '邀请额度不足！', 'Not enough invite earnings!'],
    ];
    for (const [quota, status, zh, en] of cases) {
      const res = await u.client.post('/api/user/aff_transfer', { quota });
      expect([quota, res.status, res.body]).toEqual([quota, status, { success: false, data: null, message: zh }]);
      expect((await u.client.post('/api/user/aff_transfer', { quota }, EN)).body.message).toBe(en);
    }
    // Shown as raw quota when the console does not display currency.
    await setOption(root, 'DisplayInCurrencyEnabled', 'false');
    expect((await u.client.post('/api/user/aff_transfer', { quota: 10 })).body.message).toBe('划转金额最低为 500k');
    await setOption(root, 'DisplayInCurrencyEnabled', 'true');
    expect(await money(u.id)).toMatchObject({ quota: 0, aff_quota: UNIT });
    expect(await transferRows(u.id)).toEqual([]);
    const anon = await new ApiClient(t.url).post('/api/user/aff_transfer', { quota: UNIT });
    expect(anon.status).toBe(401);
  });

  it('moves earnings from an invite sign-up to the balance with a type-4 row; the rest stays pending', async () => {
    await setOption(root, 'QuotaForInviter', String(UNIT + 200_000));
    const inviter = await createUser(root, 'aff_host');
    const code = (await inviter.client.get('/api/user/aff')).body.data as string;
    const reg = await new ApiClient(t.url).post('/api/user/register', {
      username: 'aff_guest',
      password: 'password1',
      password2: 'password1',
      aff_code: code,
    });
    expect(reg.body.success).toBe(true);
    expect(await money(inviter.id)).toEqual({ quota: 0, aff_quota: 700_000, aff_history_quota: 700_000 });

    const res = await inviter.client.post('/api/user/aff_transfer', { quota: UNIT });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: '划转成功', data: { quota: UNIT } });
    expect(await money(inviter.id)).toEqual({ quota: UNIT, aff_quota: 200_000, aff_history_quota: 700_000 });
    expect(await transferRows(inviter.id)).toEqual([UNIT]);
    const self = (await inviter.client.get('/api/user/self')).body.data;
    expect(self).toMatchObject({ quota: UNIT, aff_quota: 200_000, aff_history_quota: 700_000 });

    const more = await inviter.client.post('/api/user/aff_transfer', { quota: UNIT });
    expect(more.body).toEqual({ success: false, data: null, message: '邀请额度不足！' });
    expect(await money(inviter.id)).toEqual({ quota: UNIT, aff_quota: 200_000, aff_history_quota: 700_000 });
    await expectLedger(db, { users: { [inviter.id]: 0 } });
  });

  it.each([
    ['exactly 5 units earned', 5 * UNIT, 5],
    ['2.4 units earned', 2.4 * UNIT, 2],
  ])('20 parallel transfers of one unit, %s (%d) → %d moved, never more than earned; the ledger holds', async (_, earned, moved) => {
    const u = await createUser(root, `aff_race${moved}`);
    await db.exec('UPDATE users SET aff_quota = ?, aff_history_quota = ? WHERE id = ?', [earned, earned, u.id]);
    // A second session of the same user, so the requests come from two clients as well.
    const other = new ApiClient(t.url);
    await login(other, u.username, u.password);

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? other : u.client).post('/api/user/aff_transfer', { quota: UNIT })),
    );

    const ok = answers.filter((r) => r.status === 200);
    const refused = answers.filter((r) => r.status === 400);
    expect(ok).toHaveLength(moved);
    expect(refused).toHaveLength(20 - moved);
    for (const r of refused) expect(r.body).toEqual({ success: false, data: null, message: '邀请额度不足！' });
    expect(await money(u.id)).toEqual({ quota: moved * UNIT, aff_quota: earned - moved * UNIT, aff_history_quota: earned });
    expect(await transferRows(u.id)).toEqual(Array(moved).fill(UNIT));
    await expectLedger(db, { users: { [u.id]: 0 } });
  });
});
