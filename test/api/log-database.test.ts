import { createConnection } from 'mysql2/promise';
import { MockUpstream } from '../mock-upstream/mock-upstream';
import { relayCall } from '../money/money-client';
import type { ApiClient } from '../support/api-client';
import { setupRoot } from '../support/fixtures';
import { expectLedger, type DeliveredResponse } from '../support/ledger-invariant';
import { createChannel, createToken, Db, eventually, fundedUser } from '../support/relay-fixtures';
import { logSchema, mariadbReachable, startApp, TEST_DB, type TestApp } from '../support/test-app';

const MYSQL_ROOT = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
const USER_QUOTA = 5_000_000;
const TOKEN_QUOTA = 2_000_000;

async function asRoot(sql: string): Promise<void> {
  const c = await createConnection(MYSQL_ROOT);
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/**
 * LOG_SQL_DSN (docs/logs.md, "A separate log database"): the main database is this tier's (SQLite or
 * MariaDB), the log database a MariaDB schema of its own reached as its own MariaDB account, which the
 * test locks (and whose connections it kills) to take the log database away. Skipped without MariaDB.
 */
describe(`a separate log database (main: ${TEST_DB})`, () => {
  let available = false;
  let t: TestApp;
  let db: Db;
  let mock: MockUpstream;
  let root: ApiClient;
  let schema: Awaited<ReturnType<typeof logSchema>>;
  const account = `gwlog${process.pid}`;
  const users: Record<number, number> = {};
  const tokens: Record<number, number> = {};
  const delivered: DeliveredResponse[] = [];
  let alice: Awaited<ReturnType<typeof fundedUser>>;
  let key = '';

  const rowsIn = async (where: 'main' | 'log', userId: number) => {
    const sql = 'SELECT id, type, quota, request_id FROM logs WHERE user_id = ? ORDER BY id';
    if (where === 'main') return db.all(sql, [userId]);
    const c = await createConnection(`${MYSQL_ROOT}/${schema.url.split('/').pop()}`);
    try {
      return (await c.query(sql, [userId]))[0] as { id: number; type: number; quota: number; request_id: string }[];
    } finally {
      await c.end();
    }
  };
  /** Another row written after `userId`'s: the newest row of `logs` always stays in the main database. */
  const writeLaterRow = async (name: string) => {
    const u = await fundedUser(root, name, 1000);
    users[u.id] = 0;
  };
  const relay = async (n: number) => {
    for (let i = 0; i < n; i++) {
      const r = await relayCall(
        `${t.url}/v1/chat/completions`,
        key,
        { model: 'gpt-4o', messages: [{ role: 'user', content: `hi ${i}` }], stream: i % 2 === 1 },
        { timeoutMs: 15_000 },
      );
      expect(r.status).toBe(200);
      expect(r.complete).toBe(true);
      delivered.push({ userId: alice.id, requestId: r.requestId });
    }
  };
  const lockAccount = async (locked: boolean) => {
    await asRoot(`ALTER USER '${account}'@'%' ACCOUNT ${locked ? 'LOCK' : 'UNLOCK'}`);
    if (!locked) return;
    const c = await createConnection(MYSQL_ROOT);
    try {
      const [rows] = await c.query('SELECT ID AS id FROM information_schema.PROCESSLIST WHERE USER = ?', [account]);
      for (const r of rows as { id: number }[]) await c.query(`KILL ${Number(r.id)}`).catch(() => undefined);
    } finally {
      await c.end();
    }
  };

  beforeAll(async () => {
    available = await mariadbReachable();
    if (!available) return;
    schema = await logSchema();
    const name = schema.url.split('/').pop();
    await asRoot(`DROP USER IF EXISTS '${account}'@'%'`);
    await asRoot(`CREATE USER '${account}'@'%' IDENTIFIED BY 'logpass'`);
    await asRoot(`GRANT ALL ON \`${name}\`.* TO '${account}'@'%'`);
    mock = new MockUpstream();
    await mock.start();
    mock.setDefault({ chunks: 3, usage: { prompt_tokens: 10, completion_tokens: 20 } });
    t = await startApp({ LOG_SQL_DSN: `mysql://${account}:logpass@127.0.0.1:3306/${name}` });
    t.logDb = { url: schema.url }; // the checks read it as root: the app's account gets locked below
    db = Db.open(t);
    root = await setupRoot(t.url);
    await createChannel(root, { key: 'logdb-good', base_url: mock.url, models: 'gpt-4o' });
    alice = await fundedUser(root, 'logdb-alice', USER_QUOTA);
    users[alice.id] = 0;
    const token = await createToken(alice.client, { name: 'limited', remain_quota: TOKEN_QUOTA });
    tokens[token.id] = TOKEN_QUOTA;
    key = token.key;
  });

  afterAll(async () => {
    if (!available) return;
    db?.close();
    await t?.close();
    await mock?.close();
    await schema?.drop();
    await asRoot(`DROP USER IF EXISTS '${account}'@'%'`);
  });

  it('charges relay requests and moves their rows to the log database, out of the main one', async () => {
    if (!available) return void process.stdout.write('MariaDB unreachable: skipped\n');
    await relay(6);
    await writeLaterRow('logdb-later1');
    const moved = await eventually(async () => (await rowsIn('main', alice.id)).length === 0);
    expect(moved).toBe(true);
    const there = await rowsIn('log', alice.id);
    expect(there.filter((r) => Number(r.type) === 2).map((r) => r.request_id)).toEqual(
      delivered.map((d) => d.requestId),
    );
    await expectLedger(db, { users, tokens, delivered });
  });

  it('shows the console list and statistics over both databases exactly, a row caught in both once', async () => {
    if (!available) return;
    // A move cut between its insert and its delete: one row in both databases.
    const [shipped] = await rowsIn('log', alice.id);
    const name = schema.url.split('/').pop();
    const cols =
      'id, user_id, created_at, type, content, username, token_name, model_name, quota, prompt_tokens, completion_tokens, use_time, is_stream, channel_id, channel_name, token_id, `group`, ip, other, request_id';
    const copy = (await (async () => {
      const c = await createConnection(`${MYSQL_ROOT}/${name}`);
      try {
        return (
          (await c.query(`SELECT ${cols} FROM logs WHERE id = ?`, [shipped.id]))[0] as Record<string, unknown>[]
        )[0];
      } finally {
        await c.end();
      }
    })())!;
    await db.exec(
      `INSERT INTO logs (${cols.replace('`group`', '"group"')}) VALUES (${Object.keys(copy)
        .map(() => '?')
        .join(', ')})`,
      Object.values(copy),
    );
    const expected = (await db.logRows('SELECT * FROM logs WHERE user_id = ?', [alice.id])).sort(
      (a, b) => Number(b.created_at) - Number(a.created_at) || Number(b.id) - Number(a.id),
    );
    expect(expected).toHaveLength(7); // the quota grant and six charges
    for (const [client, path] of [
      [root, `/api/log/?username=${alice.username}`],
      [alice.client, '/api/log/self?'],
    ] as const) {
      const seen: number[] = [];
      for (let p = 0; p < 3; p++) {
        const page = (await client.get(`${path}&p=${p}&page_size=3`)).body.data;
        expect(page.total).toBe(7);
        seen.push(...page.items.map((r: { id: number }) => r.id));
      }
      expect(seen).toEqual(expected.map((r) => Number(r.id)));
      const stat = (await client.get(`${path.replace('/?', '/stat?').replace('self?', 'self/stat?')}`)).body.data;
      const charged = expected.filter((r) => Number(r.type) === 2).reduce((s, r) => s + Number(r.quota), 0);
      expect(stat.quota).toBe(charged);
      expect(stat.rpm).toBe(6);
    }
    await expectLedger(db, { users, tokens, delivered });
  });

  it('keeps relaying while the log database is away; the rows wait and move when it is back', async () => {
    if (!available) return;
    await lockAccount(true);
    try {
      await eventually(
        async () => (await (await fetch(`${t.url}/readyz`)).json()).log_database === 'unavailable',
        10_000,
      );
      const ready = await fetch(`${t.url}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ok', log_database: 'unavailable' });
      const before = delivered.length;
      await relay(4);
      await writeLaterRow('logdb-later2');
      const waiting = (await rowsIn('main', alice.id)).filter((r) => Number(r.type) === 2);
      // Give the shipper a few ticks: nothing may leave the main database without a copy.
      await new Promise((r) => setTimeout(r, 1500));
      expect((await rowsIn('main', alice.id)).filter((r) => Number(r.type) === 2).length).toBeGreaterThanOrEqual(
        Math.min(waiting.length, 4),
      );
      expect(delivered.length - before).toBe(4);
      await expectLedger(db, { users, tokens, delivered });
    } finally {
      await lockAccount(false);
    }
    expect(await eventually(async () => (await rowsIn('main', alice.id)).length === 0, 20_000)).toBe(true);
    expect((await rowsIn('log', alice.id)).filter((r) => Number(r.type) === 2)).toHaveLength(10);
    expect((await (await fetch(`${t.url}/readyz`)).json()).log_database).toBe('ok');
    await expectLedger(db, { users, tokens, delivered });
  });
});
