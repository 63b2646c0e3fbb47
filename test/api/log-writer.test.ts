import { ApiClient } from '../support/api-client';
import { createUser, setOption, setupRoot } from '../support/fixtures';
import { createToken, Db, eventually } from '../support/relay-fixtures';
import { startApp, type TestApp } from '../support/test-app';

/**
 * Issue 10 item 8: one row the database refuses never stops the log writer. The refusal is real: a
 * trigger on `logs` aborts every insert for one user (a constraint the writer cannot fit around).
 */
describe('log writer and a row the database refuses', () => {
  let t: TestApp;
  let db: Db;
  let root: ApiClient;

  beforeAll(async () => {
    t = await startApp();
    root = await setupRoot(t.url);
    db = Db.open(t);
    await setOption(root, 'LogErrorEnabled', 'true');
  });
  afterAll(async () => {
    db.close();
    await t.close();
  });

  async function refuseLogsOf(userId: number): Promise<void> {
    if (t.db.type === 'sqlite') {
      await db.exec(
        `CREATE TRIGGER poison_logs BEFORE INSERT ON logs WHEN NEW.user_id = ${userId} BEGIN SELECT RAISE(ABORT, 'poison row refused'); END`,
      );
    } else {
      await db.exec(
        `CREATE TRIGGER poison_logs BEFORE INSERT ON logs FOR EACH ROW BEGIN IF NEW.user_id = ${userId} THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'poison row refused'; END IF; END`,
      );
    }
  }

  /** A relay call that fails after parsing, so it leaves a type-6 error row (LogErrorEnabled). */
  const failingCall = (key: string) =>
    new ApiClient(t.url).post(
      '/v1/chat/completions',
      { model: 'no-such-model', messages: [{ role: 'user', content: 'hi' }] },
      { authorization: `Bearer ${key}` },
    );

  it('writes the rows after it, then moves it to log_dead_letters', async () => {
    const poison = await createUser(root, 'poison');
    const healthy = await createUser(root, 'healthy');
    const poisonKey = (await createToken(poison.client)).key;
    const healthyKey = (await createToken(healthy.client)).key;
    await refuseLogsOf(poison.id);

    expect((await failingCall(poisonKey)).status).toBeGreaterThanOrEqual(400);
    expect((await failingCall(healthyKey)).status).toBeGreaterThanOrEqual(400);
    const healthyRow = await eventually(
      () => db.one('SELECT * FROM logs WHERE type = 6 AND user_id = ?', [healthy.id]),
      15_000,
    );
    expect(healthyRow).toBeDefined();

    const letter = await eventually(
      () => db.one('SELECT * FROM log_dead_letters WHERE user_id = ?', [poison.id]),
      15_000,
    );
    expect(letter).toMatchObject({ type: 6, attempts: 3 });
    expect(letter.error).toContain('poison row refused');
    expect(JSON.parse(letter.row)).toMatchObject({ user_id: poison.id, type: 6, username: 'poison' });
    expect(Number(letter.created_at)).toBeGreaterThan(0);
    expect(await db.all('SELECT id FROM logs WHERE user_id = ?', [poison.id])).toEqual([]);

    // Later rows, the admin's audit rows among them, still land.
    expect((await root.put('/api/user/', { id: healthy.id, quota: 5000 })).status).toBe(200);
    expect((await failingCall(healthyKey)).status).toBeGreaterThanOrEqual(400);
    await eventually(
      async () => (await db.all('SELECT id FROM logs WHERE type = 6 AND user_id = ?', [healthy.id])).length === 2,
      15_000,
    );
    expect(await db.all('SELECT id FROM logs WHERE type = 6 AND user_id = ?', [healthy.id])).toHaveLength(2);
    await eventually(() => db.one('SELECT id FROM logs WHERE type = 3 AND user_id = ?', [healthy.id]), 15_000);
    expect(await db.one('SELECT id FROM logs WHERE type = 3 AND user_id = ?', [healthy.id])).toBeDefined();
    // Exactly one dead letter: it is not retried once it has been moved.
    expect(await db.all('SELECT id FROM log_dead_letters WHERE user_id = ?', [poison.id])).toHaveLength(1);
  });

  it('refuses a playground group longer than the column with a clear 400', async () => {
    const u = await createUser(root, 'pglong');
    const res = await u.client.post('/pg/chat/completions', {
      model: 'gpt-4o',
      group: 'g'.repeat(100),
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ message: '分组名称长度不得超过 64 个字符', code: 'invalid_request' });
  });
});
