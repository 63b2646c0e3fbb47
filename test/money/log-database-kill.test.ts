import { MockUpstream } from '../mock-upstream/mock-upstream';
import { setupRoot } from '../support/fixtures';
import { expectLedger, ledgerFigures, type DeliveredResponse, type LedgerReport } from '../support/ledger-invariant';
import { createChannel, createToken, Db, eventually, fundedUser } from '../support/relay-fixtures';
import { logSchema, mariadbReachable, startApp, TEST_DB, waitReady, type TestApp } from '../support/test-app';
import { relayCall, seededRandom } from './money-client';

/**
 * kill -9 under load with LOG_SQL_DSN (docs/logs.md, "A separate log database"): charge rows are
 * committed with the money in the main database and moved to the log database by the shipper, which
 * the kills interrupt at any step. After each restart the ledger invariant holds over both databases
 * (no money lost, one type-2 row per delivered request id across both), and at the end the outbox
 * drains. MONEY_LOGDB_ITERATIONS (default 6) rounds; MONEY_SEED replays a run. Skipped without MariaDB.
 */
const ITERATIONS = Number(process.env.MONEY_LOGDB_ITERATIONS ?? 6);
const SEED = Number(process.env.MONEY_SEED ?? Math.floor(Math.random() * 2 ** 31));
const WORKERS = 5;
const NODE_NAME = 'money-logdb-node';

describe(`money: kill -9 with a separate log database (main: ${TEST_DB})`, () => {
  let available = false;
  let t: TestApp;
  let db: Db;
  let mock: MockUpstream;
  let schema: Awaited<ReturnType<typeof logSchema>>;
  const customers: { userId: number; key: string }[] = [];
  const users: Record<number, number> = {};
  const tokens: Record<number, number> = {};
  const delivered: DeliveredResponse[] = [];

  beforeAll(async () => {
    available = await mariadbReachable();
    if (!available) return;
    schema = await logSchema();
    mock = new MockUpstream();
    await mock.start();
    mock.setDefault({ chunks: 6, chunkDelayMs: 15, usage: { prompt_tokens: 12, completion_tokens: 40 } });
    // The production batch interval; the shipper then runs every 0.5 s, so kills land mid-move too.
    t = await startApp({ NODE_NAME, BATCH_UPDATE_INTERVAL_MS: '500', LOG_SQL_DSN: schema.url });
    db = Db.open(t);
    const root = await setupRoot(t.url);
    await createChannel(root, { key: 'logdb-kill', base_url: mock.url, models: 'gpt-4o' });
    for (let i = 0; i < 3; i++) {
      const u = await fundedUser(root, `logkill${i}`, 50_000_000);
      users[u.id] = 0;
      const token = await createToken(u.client, { name: `lim${i}`, remain_quota: 20_000_000 });
      tokens[token.id] = 20_000_000;
      customers.push({ userId: u.id, key: token.key });
    }
  });

  afterAll(async () => {
    if (!available) return;
    db?.close();
    await t?.close();
    await mock?.close();
    await schema?.drop();
  });

  it(
    `holds the ledger over both databases across ${ITERATIONS} kills, then drains the outbox`,
    async () => {
      if (!available) return void process.stdout.write('MariaDB unreachable: skipped\n');
      const rand = seededRandom(SEED);
      process.stdout.write(`money log-database kill loop (${TEST_DB}): seed ${SEED}\n`);
      let report: LedgerReport | undefined;
      for (let i = 1; i <= ITERATIONS; i++) {
        let stopped = false;
        const worker = async (url: string) => {
          while (!stopped) {
            const c = customers[Math.floor(rand() * customers.length)];
            const stream = rand() < 0.5;
            const r = await relayCall(
              `${url}/v1/chat/completions`,
              c.key,
              { model: 'gpt-4o', messages: [{ role: 'user', content: `kill ${i}` }], stream },
              { abortAfterEvents: stream && rand() < 0.2 ? 2 : undefined, timeoutMs: 15_000 },
            );
            if (r.complete) delivered.push({ userId: c.userId, requestId: r.requestId });
            if (r.status === 0) return;
          }
        };
        const runs = Array.from({ length: WORKERS }, () => worker(t.url));
        await new Promise((r) => setTimeout(r, 300 + Math.floor(rand() * 1500)));
        stopped = true;
        const restarted = t.restart('SIGKILL');
        await Promise.all(runs);
        t = await restarted;
        await waitReady(t);
        try {
          report = await expectLedger(db, { users, tokens, delivered }, 15_000);
        } catch (err) {
          throw new Error(`iteration ${i} (seed ${SEED}): ${(err as Error).message}`);
        }
        process.stdout.write(`  #${i}: ${ledgerFigures(report)}\n`);
      }
      expect(report!.moneyLost).toBe(0);
      expect(report!.duplicateCharges).toBe(0);
      expect(report!.deliveredFree).toBe(0);
      expect(delivered.length).toBeGreaterThan(0);
      // The outbox drains: every scope row but the table's newest (kept as the id counter's floor) moves.
      const ids = Object.keys(users).map(Number);
      const inMain = async () =>
        Number(
          (await db.one(`SELECT COUNT(*) AS n FROM logs WHERE user_id IN (${ids.map(() => '?').join(', ')})`, ids)).n,
        );
      expect(await eventually(async () => (await inMain()) <= 1, 20_000)).toBe(true);
      await expectLedger(db, { users, tokens, delivered });
    },
    60_000 + ITERATIONS * 15_000,
  );
});
