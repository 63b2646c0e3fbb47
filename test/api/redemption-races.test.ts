import type { ApiClient } from '../support/api-client';
import { createUser, setupRoot } from '../support/fixtures';
import { expectLedger } from '../support/ledger-invariant';
import { Db } from '../support/relay-fixtures';
import { startApp, TEST_DB, type TestApp } from '../support/test-app';

/**
 * Redeeming under races (docs/redemption.md#redeeming), on the database TEST_DB names: a code pays
 * once however many requests race for it; a gift code pays at most max_uses times, once per user.
 * Every case ends with the ledger invariant over its own users.
 */
describe(`redemption races (${TEST_DB})`, () => {
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

  async function issue(body: Record<string, unknown>): Promise<string> {
    const res = await root.post('/api/redemption/', body);
    expect(res.body).toMatchObject({ success: true });
    return res.body.data[0];
  }

  /** Users created one after the other (sign-in hashing is slow; the race is the redeeming). */
  async function users(prefix: string, n: number) {
    const out = [];
    for (let i = 0; i < n; i++) out.push(await createUser(root, `${prefix}${i}`));
    return out;
  }

  const topUpRows = async (userIds: number[], codeKey: string) => {
    const code = await db.one('SELECT id FROM redemptions WHERE "key" = ?', [codeKey]);
    const rows = await db.all(`SELECT user_id, quota, other FROM logs WHERE type = 1 AND user_id IN (${userIds.map(() => '?').join(', ')})`, userIds);
    return rows.filter((r) => JSON.parse(r.other).redemption_id === Number(code.id));
  };

  it('100 parallel redeems of one code (5 users, 20 each) credit exactly once', async () => {
    const us = await users('race', 5);
    const key = await issue({ name: 'race', quota: 7777 });
    const answers = await Promise.all(us.flatMap((u) => Array.from({ length: 20 }, () => u.client.post('/api/user/topup', { key }))));
    const wins = answers.filter((a) => a.body.success === true);
    expect(wins).toHaveLength(1);
    expect(wins[0].body.data).toEqual({ quota: 7777, is_gift: false });
    const losses = answers.filter((a) => a.body.success !== true);
    expect(losses).toHaveLength(99);
    for (const l of losses) expect(l.status).toBe(400);
    expect(new Set(losses.map((l) => l.body.message))).toEqual(new Set(['该兑换码已被使用']));

    const rows = await topUpRows(us.map((u) => u.id), key);
    expect(rows).toHaveLength(1);
    expect(Number(rows[0].quota)).toBe(7777);
    const code = await db.one('SELECT status, used_user_id, used_count FROM redemptions WHERE "key" = ?', [key]);
    expect(Number(code.status)).toBe(3);
    expect(Number(code.used_count)).toBe(1);
    expect(Number(code.used_user_id)).toBe(Number(rows[0].user_id));
    await expectLedger(db, { users: Object.fromEntries(us.map((u) => [u.id, 0])) });
  });

  it('a gift code with max_uses 5 and 50 users (each sending twice) in parallel pays 5 users once each', async () => {
    const us = await users('gift', 50);
    const key = await issue({ name: 'gift5', quota: 300, is_gift: true, max_uses: 5 });
    const answers = await Promise.all(us.flatMap((u) => [0, 1].map(() => u.client.post('/api/user/topup', { key }).then((a) => ({ a, id: u.id })))));
    const wins = answers.filter(({ a }) => a.body.success === true);
    expect(wins).toHaveLength(5);
    for (const { a } of wins) expect(a.body.data).toEqual({ quota: 300, is_gift: true });
    expect(new Set(wins.map((w) => w.id)).size).toBe(5);
    for (const { a } of answers.filter(({ a }) => a.body.success !== true)) {
      expect(a.status).toBe(400);
      expect(['该礼品码已被领完', '您已经领取过该礼品码']).toContain(a.body.message);
    }

    const rows = await topUpRows(us.map((u) => u.id), key);
    expect(rows).toHaveLength(5);
    expect(new Set(rows.map((r) => Number(r.user_id)))).toEqual(new Set(wins.map((w) => w.id)));
    const code = await db.one('SELECT id, status, used_count FROM redemptions WHERE "key" = ?', [key]);
    expect(Number(code.used_count)).toBe(5);
    expect(Number(code.status)).toBe(1);
    const uses = await db.all('SELECT user_id FROM redemption_uses WHERE redemption_id = ?', [code.id]);
    expect(uses).toHaveLength(5);
    await expectLedger(db, { users: Object.fromEntries(us.map((u) => [u.id, 0])) });
  });

  it('an unlimited gift code pays each of 10 users once when each sends 5 at the same time', async () => {
    const us = await users('many', 10);
    const key = await issue({ name: 'unlimited', quota: 50, is_gift: true });
    const answers = await Promise.all(us.flatMap((u) => Array.from({ length: 5 }, () => u.client.post('/api/user/topup', { key }))));
    expect(answers.filter((a) => a.body.success === true)).toHaveLength(10);
    for (const a of answers.filter((x) => x.body.success !== true)) expect(a.body.message).toBe('您已经领取过该礼品码');
    const rows = await topUpRows(us.map((u) => u.id), key);
    expect(rows).toHaveLength(10);
    expect(new Set(rows.map((r) => Number(r.user_id))).size).toBe(10);
    expect(Number((await db.one('SELECT used_count FROM redemptions WHERE "key" = ?', [key])).used_count)).toBe(10);
    await expectLedger(db, { users: Object.fromEntries(us.map((u) => [u.id, 0])) });
  });
});
