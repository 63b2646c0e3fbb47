// node test/bench/ledger-floor.mjs — what the SQLite ledger alone costs per relay request, with nothing
// else running: the reservation commit, the settlement commit (with its usage row) and the move of the
// usage row from the inbox to `logs`, at one request per commit (one connection) and at 16 and 32 per
// commit (group commits under load). The floor any gateway with this ledger pays (docs/benchmarks.md).
// Needs the build (backend/dist). Env: LEDGER_FLOOR_ROUNDS (3).
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './report.mjs';

const require = createRequire(import.meta.url);
const DIST = join(dirname(fileURLToPath(import.meta.url)), '../../backend/dist');
const { openDatabase } = require(join(DIST, 'database/data-source'));
const { SqliteWriteQueue } = require(join(DIST, 'database/sqlite-write-queue'));
const { SqliteLedgerStore } = require(join(DIST, 'modules/billing/sqlite-ledger-store'));
const ROUNDS = Number(process.env.LEDGER_FLOOR_ROUNDS ?? 3);
/** Requests per size: a few thousand commits at one per commit, as many requests in batches. */
const REQUESTS = 3000;
/** The inbox is moved every this many requests (~the default interval at a few hundred requests/s). */
const DRAIN_EVERY = 500;

// What the bench's governed gateway writes for one chat request (docs/ledger.md).
const meta = JSON.stringify({
  username: 'root',
  tokenName: 'bench',
  model: 'gpt-4o-mini',
  group: 'default',
  ip: '127.0.0.1',
  path: '/v1/chat/completions',
  stream: false,
});
const other = JSON.stringify({
  group: 'default',
  model_ratio: 0.075,
  completion_ratio: 4,
  cache_ratio: 1,
  model_price: -1,
  group_ratio: 1,
  frt: -1,
  request_path: '/v1/chat/completions',
  admin_info: { use_channel: [1] },
  reserved: 1234,
});
const reserve = (requestId) => ({
  reservation: {
    requestId,
    userId: 1,
    tokenId: 1,
    tokenDrawn: true,
    amount: 1234,
    promptQuota: 10,
    node: 'bench',
    createdAt: 1700000000,
    meta,
  },
  requirePositive: true,
});
const settle = (requestId) => ({
  requestId,
  userId: 1,
  tokenId: 1,
  tokenDrawn: true,
  reserved: 1234,
  charged: 56,
  countRequest: true,
  channelId: 1,
  log: {
    type: 2,
    user_id: 1,
    created_at: 1700000000,
    username: 'root',
    token_name: 'bench',
    model_name: 'gpt-4o-mini',
    quota: 56,
    prompt_tokens: 24,
    completion_tokens: 180,
    channel_id: 1,
    channel_name: 'mock',
    token_id: 1,
    group: 'default',
    ip: '127.0.0.1',
    other,
    request_id: requestId,
  },
  usage: { username: 'root', modelName: 'gpt-4o-mini', tokens: 204, at: 1700000000 },
});

let seq = 0;
const nextId = () => `20261128000000000${String(seq++).padStart(12, '0')}`;
const micros = (since) => Number(process.hrtime.bigint() - since) / 1000;

/** µs per request of each step, at `batch` requests per commit. */
async function measure(store, batch) {
  const t = { reserve: 0, settle: 0, drain: 0 };
  for (let done = 0; done < REQUESTS; done += batch) {
    const ids = Array.from({ length: batch }, nextId);
    let at = process.hrtime.bigint();
    await store.commit(ids.map(reserve), []);
    t.reserve += micros(at);
    at = process.hrtime.bigint();
    await store.commit([], ids.map(settle));
    t.settle += micros(at);
    if ((done + batch) % DRAIN_EVERY < batch) {
      at = process.hrtime.bigint();
      await store.drainLogs();
      t.drain += micros(at);
    }
  }
  const at = process.hrtime.bigint();
  await store.drainLogs();
  t.drain += micros(at);
  return Object.fromEntries(Object.entries(t).map(([k, v]) => [k, v / REQUESTS]));
}

const dir = mkdtempSync(join(tmpdir(), 'gw-ledger-floor-'));
const ds = await openDatabase({
  database: { type: 'sqlite', path: join(dir, 'ledger.db'), busyTimeoutMs: 5000 },
  dbLogging: false,
});
const store = new SqliteLedgerStore(ds.driver.databaseConnection, SqliteWriteQueue.of(ds));
await ds.query("INSERT INTO users (id, username, password, display_name, quota) VALUES (1, 'root', '', 'root', 1e15)");
await ds.query(
  "INSERT INTO tokens (id, user_id, key, key_hash, name, remain_quota) VALUES (1, 1, 'k', 'h', 'bench', 1e14)",
);
await measure(store, 16); // warm
const rows = [];
for (const batch of [1, 16, 32]) {
  const runs = [];
  for (let r = 0; r < ROUNDS; r++) runs.push(await measure(store, batch));
  const m = (k) => median(runs.map((x) => x[k]));
  rows.push({ batch, reserve: m('reserve'), settle: m('settle'), drain: m('drain') });
}
await ds.destroy();
rmSync(dir, { recursive: true, force: true });
console.log(
  '| requests per commit | reservation (µs) | settlement with usage row (µs) | move to `logs` (µs) | total (µs) |',
);
console.log('|---:|---:|---:|---:|---:|');
for (const r of rows) {
  const f = (x) => x.toFixed(0);
  console.log(
    `| ${r.batch} | ${f(r.reserve)} | ${f(r.settle)} | ${f(r.drain)} | ${f(r.reserve + r.settle + r.drain)} |`,
  );
}
console.log(`JSON${JSON.stringify(rows)}`);
