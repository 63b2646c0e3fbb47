import { MockUpstream } from '../mock-upstream/mock-upstream';
import { setOption, setupRoot } from '../support/fixtures';
import { expectLedger, ledgerFigures, type DeliveredResponse, type LedgerReport } from '../support/ledger-invariant';
import { createChannel, createToken, Db, fundedUser } from '../support/relay-fixtures';
import { startApp, TEST_DB, waitReady, type TestApp } from '../support/test-app';
import { relayCall, seededRandom, type CallResult } from './money-client';

/**
 * Issue #10 "crash safety you can check": mixed relay load on one database, the gateway killed with
 * SIGKILL at a random moment, restarted on the same database under the same NODE_NAME (its boot
 * recovery is the reconciliation), then the ledger invariant. MONEY_KILL_ITERATIONS (default 20)
 * rounds; MONEY_SEED replays a run (the seed is printed).
 */
const ITERATIONS = Number(process.env.MONEY_KILL_ITERATIONS ?? 20);
const SEED = Number(process.env.MONEY_SEED ?? Math.floor(Math.random() * 2 ** 31));
const WORKERS = 6;
const NODE_NAME = 'money-kill-node';
const USER_QUOTA = 50_000_000;
const TOKEN_QUOTA = 20_000_000;

interface Customer {
  userId: number;
  keys: string[];
}

type Kind = 'plain' | 'stream' | 'retry' | 'retry-stream' | 'abort';

function pick(rand: () => number): Kind {
  const x = rand();
  if (x < 0.3) return 'plain';
  if (x < 0.6) return 'stream';
  if (x < 0.72) return 'retry';
  if (x < 0.84) return 'retry-stream';
  return 'abort';
}

describe(`money: kill -9 loop (${TEST_DB})`, () => {
  let t: TestApp;
  let db: Db;
  let mock: MockUpstream;
  const customers: Customer[] = [];
  const users: Record<number, number> = {};
  const tokens: Record<number, number> = {};
  const delivered: DeliveredResponse[] = [];

  beforeAll(async () => {
    mock = new MockUpstream();
    await mock.start();
    // Streams last ~8 × 15 ms so that kills land mid-stream; the flaky channel fails so retries happen.
    mock.setDefault({ chunks: 8, chunkDelayMs: 15, usage: { prompt_tokens: 12, completion_tokens: 40 } });
    mock.on('kill-flaky', { status: 500, errorMessage: 'flaky upstream' });
    t = await startApp({ NODE_NAME, BATCH_UPDATE_INTERVAL_MS: '500' }); // the production batch interval
    db = Db.open(t);
    const root = await setupRoot(t.url);
    await setOption(root, 'RetryTimes', '2');
    await createChannel(root, { name: 'good', key: 'kill-good', base_url: mock.url, models: 'gpt-4o,gpt-4o-mini' });
    await createChannel(root, {
      name: 'flaky',
      key: 'kill-flaky',
      base_url: mock.url,
      models: 'gpt-4o-mini',
      priority: 10,
      auto_ban: 0,
    });
    for (let i = 0; i < 3; i++) {
      const u = await fundedUser(root, `killer${i}`, USER_QUOTA);
      users[u.id] = 0;
      const limited = await createToken(u.client, { name: `lim${i}`, remain_quota: TOKEN_QUOTA });
      tokens[limited.id] = TOKEN_QUOTA;
      const keys = [limited.key];
      if (i === 0) keys.push((await createToken(u.client, { name: 'unl', unlimited_quota: true })).key);
      customers.push({ userId: u.id, keys });
    }
  });

  afterAll(async () => {
    db?.close();
    await t?.close();
    await mock?.close();
  });

  /** One client: requests of random kinds until `stop()` says so; every result is recorded. */
  async function worker(url: string, rand: () => number, stop: () => boolean, seen: { kind: Kind; r: CallResult }[]) {
    while (!stop()) {
      const c = customers[Math.floor(rand() * customers.length)];
      const key = c.keys[Math.floor(rand() * c.keys.length)];
      const kind = pick(rand);
      const stream = kind === 'stream' || kind === 'retry-stream' || kind === 'abort';
      const body = {
        model: kind.startsWith('retry') ? 'gpt-4o-mini' : 'gpt-4o',
        messages: [{ role: 'user', content: `hello ${Math.floor(rand() * 1e6)}` }],
        stream,
        ...(stream && rand() < 0.7 ? { stream_options: { include_usage: true } } : {}),
        ...(rand() < 0.3 ? { max_tokens: 64 } : {}),
      };
      const r = await relayCall(`${url}/v1/chat/completions`, key, body, {
        abortAfterEvents: kind === 'abort' ? 1 + Math.floor(rand() * 5) : undefined,
        timeoutMs: 15_000,
      });
      seen.push({ kind, r });
      if (r.complete) delivered.push({ userId: c.userId, requestId: r.requestId });
      // A broken connection (the process is gone) ends this worker's round.
      if (r.status === 0) return;
    }
  }

  it(
    `holds the ledger across ${ITERATIONS} kills`,
    async () => {
      const rand = seededRandom(SEED);
      process.stdout.write(
        `money kill loop (${TEST_DB}): seed ${SEED}, ${ITERATIONS} iterations (MONEY_SEED=${SEED} replays)\n`,
      );
      let report: LedgerReport | undefined;
      const started = Date.now();
      for (let i = 1; i <= ITERATIONS; i++) {
        const seen: { kind: Kind; r: CallResult }[] = [];
        let stopped = false;
        const runs = Array.from({ length: WORKERS }, () => worker(t.url, rand, () => stopped, seen));
        // Kill somewhere in the first second and a half of load (streams last ~150 ms each).
        await new Promise((r) => setTimeout(r, 100 + Math.floor(rand() * 1400)));
        stopped = true;
        const restarted = t.restart('SIGKILL');
        await Promise.all(runs);
        t = await restarted;
        await waitReady(t);
        const done = seen.filter((s) => s.r.complete).length;
        const withId = seen.filter((s) => s.r.requestId).length;
        try {
          report = await expectLedger(db, { users, tokens, delivered }, 15_000);
        } catch (err) {
          const load = `${seen.length} calls, ${done} delivered, ${withId} with a request id`;
          throw new Error(`iteration ${i} (seed ${SEED}; ${load}): ${(err as Error).message}`);
        }
        process.stdout.write(
          `  #${i}: ${seen.length} calls, ${done} delivered, ${withId} with a request id; ${ledgerFigures(report)}\n`,
        );
      }
      process.stdout.write(`money kill loop (${TEST_DB}) done in ${Math.round((Date.now() - started) / 1000)} s\n`);
      expect(report!.moneyLost).toBe(0);
      expect(report!.deliveredFree).toBe(0);
      expect(report!.duplicateCharges).toBe(0);
      expect(delivered.length).toBeGreaterThan(0);
      expect(mock.byKey('kill-flaky').length).toBeGreaterThan(0); // retries happened
      // About 4 s (SQLite) to 6 s (MariaDB) per round alone; the budget leaves room for a shared machine.
    },
    60_000 + ITERATIONS * 15_000,
  );
});
