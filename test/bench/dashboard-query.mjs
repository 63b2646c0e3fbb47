// Dashboard query benchmark (docs/dashboard.md): GET /api/data/ and /api/data/self/ through the real app on
// SQLite, over the hourly aggregates of ~10M requests: 90 days x 1000 users x 50 models, each user active
// in half of the hours on 2 models (2,160,000 quota_data rows). Measured on a node that has not rolled up
// (NODE_TYPE=slave: every-user queries sum quota_data) and on the master after its roll-up.
// Usage: node test/bench/dashboard-query.mjs   (prints a markdown section; goal: every query < 200 ms)
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startGateway, stopGateway } from './query-gateway.mjs';

const require = createRequire(import.meta.url);
const Database = require('better-sqlite3');
const DAYS = 90;
const USERS = 1000;
const MODELS = 50;
const RUNS = 20;
const HOUR = 3600;
const DAY = 86400;

/** Users 1..USERS (user 1 is root); returns [rows, requests, ms]. */
function seed(dbPath, firstHour) {
  const db = new Database(dbPath);
  db.pragma('journal_mode = WAL');
  const insert = db.prepare(
    'INSERT INTO quota_data (user_id, username, model_name, created_at, token_used, count, quota) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const t0 = performance.now();
  let rows = 0;
  let requests = 0;
  db.transaction(() => {
    for (let h = 0; h < DAYS * 24; h++) {
      for (let u = 0; u < USERS; u++) {
        if ((u * 31 + h * 17) % 2) continue;
        for (let k = 0; k < 2; k++) {
          const count = 4 + ((u + h + k) % 2);
          insert.run(
            u + 1,
            u === 0 ? 'root' : `user${u}`,
            `model-${(u * 7 + k * 13 + h) % MODELS}`,
            firstHour + h * HOUR,
            count * 300,
            count,
            count * 150,
          );
          rows++;
          requests += count;
        }
      }
    }
  })();
  db.close();
  return [rows, requests, performance.now() - t0];
}

async function signIn(url) {
  const login = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'root', password: 'bench-pass-1' }),
  });
  return {
    cookie: login.headers.getSetCookie()[0].split(';')[0],
    'new-api-user': String((await login.json()).data.id),
  };
}

async function measure(url, session, queries) {
  const out = [];
  for (const [name, path] of Object.entries(queries)) {
    const times = [];
    let rows = 0;
    let bytes = 0;
    for (let i = 0; i < RUNS + 3; i++) {
      const t0 = performance.now();
      const res = await fetch(`${url}${path}`, { headers: session });
      const text = await res.text();
      const ms = performance.now() - t0;
      const body = JSON.parse(text);
      if (!body.success) throw new Error(`${name}: ${text}`);
      rows = body.data.length;
      bytes = text.length;
      if (i >= 3) times.push(ms);
    }
    times.sort((a, b) => a - b);
    out.push({
      name,
      rows,
      bytes,
      p50: times[Math.floor(times.length / 2)],
      p95: times[Math.floor(times.length * 0.95)],
      max: times.at(-1),
    });
  }
  return out;
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'gw-dashbench-'));
  const dbPath = join(dir, 'gateway.db');
  let gw = await startGateway(dbPath, { NODE_TYPE: 'slave' }); // runs the migrations
  const setup = await fetch(`${gw.url}/api/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'root', password: 'bench-pass-1', confirmPassword: 'bench-pass-1' }),
  });
  if (!setup.ok) throw new Error('setup failed');
  await stopGateway(gw);
  const now = Math.floor(Date.now() / 1000);
  const current = now - (now % HOUR);
  const [seeded, requests, seedMs] = seed(dbPath, current - DAYS * 24 * HOUR);
  const range = (days, extra = '') => `?start_timestamp=${now - days * DAY}&end_timestamp=${now}${extra}`;
  const queries = {
    'admin, everyone, 30 days by day': `/api/data/${range(30, '&default_time=day')}`,
    'admin, everyone, 30 days by hour': `/api/data/${range(30)}`,
    'admin, one user, 30 days by hour': `/api/data/${range(30, '&username=root')}`,
    'self, 7 days by hour': `/api/data/self/${range(7)}`,
  };

  gw = await startGateway(dbPath, { NODE_TYPE: 'slave' });
  const live = await measure(gw.url, await signIn(gw.url), queries);
  await stopGateway(gw);

  const t0 = performance.now();
  gw = await startGateway(dbPath);
  const db = new Database(dbPath, { readonly: true });
  for (;;) {
    const { m } = db.prepare('SELECT MAX(created_at) AS m FROM quota_data_totals').get();
    if (m === current - HOUR) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const rollupMs = performance.now() - t0;
  const { n: totals } = db.prepare('SELECT COUNT(*) AS n FROM quota_data_totals').get();
  db.close();
  const rolled = await measure(gw.url, await signIn(gw.url), queries);
  await stopGateway(gw);
  rmSync(dir, { recursive: true, force: true });

  const k = (n) => n.toLocaleString('en');
  console.log(
    `\n### Dashboard query (${k(seeded)} quota_data rows = ${k(requests)} requests over ${DAYS} days, ${k(USERS)} users, ${MODELS} models; SQLite; seeded in ${(seedMs / 1000).toFixed(1)} s; ${RUNS} runs each)\n`,
  );
  console.log(
    `Roll-up at the master's boot (every hour of the ${DAYS} days into ${k(totals)} quota_data_totals rows, in hour-sized statements): ${(rollupMs / 1000).toFixed(1)} s from start.\n`,
  );
  console.log('| query | rows answered | KB | p50 ms without roll-up | p50 ms | p95 ms | max ms | < 200 ms |');
  console.log('|---|---:|---:|---:|---:|---:|---:|:---:|');
  rolled.forEach((r, i) => {
    console.log(
      `| ${r.name} | ${k(r.rows)} | ${Math.round(r.bytes / 1024)} | ${live[i].p50.toFixed(1)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.max.toFixed(1)} | ${r.p95 < 200 ? 'yes' : 'NO'} |`,
    );
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
