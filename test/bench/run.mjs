// npm run bench — measures what the gateway adds, as docs/benchmarks.md describes: mock upstream, null
// proxy floor and the governed gateway (real key, billing, usage logs, SQLite) in one run, rounds
// interleaved; gateway and null proxy pinned to core 1, mock and load generators to core 0.
// The gateway runs with metrics and tracing on (METRICS_TOKEN, OTLP export to the mock); a second one with
// both off joins the c1/c32 rounds, so their cost is measured in the same run.
// Writes docs/benchmarks.md, unless the median throughput ratio to the null proxy fell more than 10% below
// the one recorded there: then it prints the report, leaves the file and exits 1 (BENCH_ACCEPT=1 records
// the new figures anyway, for a change of what is measured, said in the doc).
// Env: BENCH_ROUNDS (3), BENCH_DURATION (5s), BENCH_STREAMS (60), and BENCH_BASELINE: another checkout
// (built) whose gateway joins the c1/c32 rounds as "before".
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '../..');
const require = createRequire(import.meta.url);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DURATION = process.env.BENCH_DURATION ?? '5s';
const STREAMS = Number(process.env.BENCH_STREAMS ?? 60);
const BASELINE = process.env.BENCH_BASELINE ?? '';
/** Root's quota in governed mode. */
const INITIAL = 1e14;
const BODY = JSON.stringify({
  model: 'gpt-4o-mini',
  max_tokens: 256,
  messages: [{ role: 'user', content: 'Summarise the benefits of keep-alive connections in two sentences.' }],
});
const CHARGE = Math.round(0.075 * (24 + 180 * 4)); // gpt-4o-mini × the mock's usage
/** A drop of the median c32 ratio to the null proxy beyond this fraction of the recorded one fails the run. */
const REGRESSION = 0.1;
const DOC = join(ROOT, 'docs/benchmarks.md');
const children = [];

// The load generator and the core pinning come from Debian's wrk and util-linux.
for (const tool of ['wrk', 'taskset']) {
  if (spawnSync('which', [tool]).status !== 0) {
    console.error(
      `npm run bench needs ${tool} on the PATH (apt-get install -y ${tool === 'wrk' ? 'wrk' : 'util-linux'})`,
    );
    process.exit(1);
  }
}

function start(core, script, env, ready) {
  const proc = spawn('taskset', ['-c', String(core), process.execPath, script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(proc);
  let out = '';
  proc.stdout.on('data', (d) => (out += d));
  proc.stderr.on('data', (d) => (out += d));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start:\n${out}`)), 30_000);
    const check = () => {
      const m = ready.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ proc, port: Number(m[1]), output: () => out });
      }
    };
    proc.stdout.on('data', check);
    proc.once('exit', (code) => reject(new Error(`${script} exited ${code}:\n${out}`)));
  });
}

function stop(p) {
  return new Promise((r) => {
    if (p.proc.exitCode !== null) return r();
    p.proc.once('exit', r);
    p.proc.kill('SIGTERM');
  });
}

function wrk(url, connections, duration, key = '') {
  const out = execFileSync(
    'taskset',
    ['-c', '0', 'wrk', '-t1', `-c${connections}`, `-d${duration}`, '-s', join(HERE, 'post.lua'), url],
    {
      env: { ...process.env, BODY, KEY: key },
      encoding: 'utf8',
    },
  );
  const r = JSON.parse(/JSON(.*)/.exec(out)[1]);
  return { ...r, rps: r.requests / (r.duration_us / 1e6) };
}

function streamClient(mode, url, key, n, model = '') {
  const out = execFileSync(
    'taskset',
    ['-c', '0', process.execPath, join(HERE, 'stream-client.mjs'), mode, url, key, String(n), model],
    { encoding: 'utf8', maxBuffer: 1 << 24 },
  );
  return JSON.parse(/JSON(.*)/.exec(out)[1]);
}

/** A console call; `session` is the cookie and New-Api-User that a sign-in returned. */
async function api(base, method, path, body, session = {}) {
  const res = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json', ...session },
    body: body && JSON.stringify(body),
  });
  const json = await res.json();
  if (!json.success) throw new Error(`${method} ${path}: ${JSON.stringify(json)}`);
  const cookie = res.headers.getSetCookie?.()[0]?.split(';')[0];
  return { json, session: cookie ? { cookie, 'new-api-user': String(json.data.id) } : session };
}

/** This process's open-file limit: each stream through the gateway holds two sockets there (client, upstream). */
const FD_LIMIT = Number(/Max open files\s+(\d+)/.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1] ?? 1024);
const FD_CAP = Math.floor((FD_LIMIT - 256) / 2);
const CONCURRENT = Math.min(Number(process.env.BENCH_CONCURRENT ?? 10_000), FD_CAP);

/** `n` streams of `model` at once through gateway `g`: successes, wall time and the gateway's memory. */
async function concurrentStreams(g, key, model, n) {
  const url = `http://127.0.0.1:${g.port}/v1/chat/completions`;
  streamClient('conc', url, key, 50, model); // warm
  const pid = g.proc.pid;
  const rssBefore = vm(pid, 'VmRSS');
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, vm(pid, 'VmRSS'))), 20);
  const result = await new Promise((resolve) => {
    const p = spawn('taskset', [
      '-c',
      '0',
      process.execPath,
      join(HERE, 'stream-client.mjs'),
      'conc',
      url,
      key,
      String(n),
      model,
    ]);
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.on('exit', () => resolve(JSON.parse(/JSON(.*)/.exec(out)[1])));
  });
  clearInterval(sampler);
  return {
    ...result,
    rss_before_mb: Math.round(rssBefore),
    peak_rss_mb: Math.round(peak),
    vm_hwm_mb: Math.round(vm(pid, 'VmHWM')),
    kb_per_stream: Math.round((1024 * (peak - rssBefore)) / n),
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const vm = (pid, field) =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function main() {
  const loadAtStart = loadavg();
  const dir = mkdtempSync(join(tmpdir(), 'gw-bench-'));
  const gatewayEnv = {
    SQLITE_PATH: join(dir, 'gateway.db'),
    PORT: '0',
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'bench-secret',
    CRITICAL_RATE_LIMIT: '100000',
    GLOBAL_API_RATE_LIMIT_ENABLE: 'false',
    WEB_DIST_DIR: join(dir, 'no-web'),
  };
  const mock = await start(0, join(HERE, 'mock.mjs'), { PORT: '0' }, /mock listening on (\d+)/);
  const mockUrl = `http://127.0.0.1:${mock.port}`;
  // Observability on: /metrics behind a token, and spans exported over OTLP to the mock (which accepts them).
  const observedEnv = { ...gatewayEnv, METRICS_TOKEN: 'bench-metrics', OTEL_EXPORTER_OTLP_ENDPOINT: mockUrl };
  const nullProxy = await start(
    1,
    join(HERE, 'null-proxy.mjs'),
    { PORT: '0', UPSTREAM: mockUrl },
    /null proxy listening on (\d+)/,
  );
  let gateway = await start(
    1,
    join(ROOT, 'backend/dist/main.js'),
    observedEnv,
    /listening on http:\/\/localhost:(\d+)/,
  );
  const gw = () => `http://127.0.0.1:${gateway.port}`;
  const plain = await start(
    1,
    join(ROOT, 'backend/dist/main.js'),
    { ...gatewayEnv, SQLITE_PATH: join(dir, 'plain.db') },
    /listening on http:\/\/localhost:(\d+)/,
  );
  const plainUrl = `http://127.0.0.1:${plain.port}`;

  const key = await governed(gw(), mockUrl);
  let baseline = null;
  if (BASELINE) {
    const env = { ...gatewayEnv, SQLITE_PATH: join(dir, 'baseline.db') };
    baseline = await start(1, join(BASELINE, 'backend/dist/main.js'), env, /listening on http:\/\/localhost:(\d+)/);
  }

  const targets = {
    direct: { url: `${mockUrl}/v1/chat/completions`, key: '' },
    null: { url: `http://127.0.0.1:${nullProxy.port}/v1/chat/completions`, key: '' },
    gateway: { url: `${gw()}/v1/chat/completions`, key },
    plain: { url: `${plainUrl}/v1/chat/completions`, key: await governed(plainUrl, mockUrl) },
  };
  if (baseline) {
    const url = `http://127.0.0.1:${baseline.port}`;
    targets.baseline = { url: `${url}/v1/chat/completions`, key: await governed(url, mockUrl) };
  }
  console.log('warming up…');
  for (const t of Object.values(targets)) wrk(t.url, 32, '3s', t.key);

  const results = Object.fromEntries(Object.keys(targets).map((name) => [name, { c1: [], c32: [] }]));
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [name, t] of Object.entries(targets)) {
      results[name].c1.push(wrk(t.url, 1, DURATION, t.key));
      results[name].c32.push(wrk(t.url, 32, DURATION, t.key));
      const last = results[name];
      console.log(
        `round ${round} ${name}: c1 p50 ${last.c1.at(-1).p50_us} µs, c32 ${Math.round(last.c32.at(-1).rps)} req/s`,
      );
    }
    const ratio = (100 * results.gateway.c32.at(-1).rps) / results.null.c32.at(-1).rps;
    console.log(`round ${round}: gateway / null proxy at c32 = ${ratio.toFixed(1)}%`);
  }
  await stop(plain);

  // Streams: time to first token and gap between chunks, direct vs gateway, interleaved.
  const streams = { direct: [], null: [], gateway: [] };
  for (let round = 1; round <= ROUNDS; round++) {
    for (const name of Object.keys(streams))
      streams[name].push(streamClient('seq', targets[name].url, targets[name].key, STREAMS));
  }
  if (baseline) await stop(baseline);

  // Billing under load: every logged request charged exactly, sums match the balance.
  await new Promise((r) => setTimeout(r, 1500));
  const Database = require('better-sqlite3');
  const db = new Database(gatewayEnv.SQLITE_PATH, { readonly: true });
  const logs = db
    .prepare('SELECT COUNT(*) AS n, SUM(quota) AS sum, MIN(quota) AS min, MAX(quota) AS max FROM logs WHERE type = 2')
    .get();
  // Requests the load generator cut at the end of each run (client gone): billed prompt + delivered.
  const cut = db
    .prepare("SELECT COUNT(*) AS n, SUM(quota) AS sum FROM logs WHERE type = 2 AND other LIKE '%client_closed%'")
    .get();
  const complete = db
    .prepare(
      "SELECT COUNT(*) AS n, MIN(quota) AS min, MAX(quota) AS max FROM logs WHERE type = 2 AND other NOT LIKE '%client_closed%'",
    )
    .get();
  const user = db.prepare('SELECT quota, used_quota, request_count FROM users WHERE id = 1').get();
  db.close();
  const lockErrors = (gateway.output().match(/locked|SQLITE_BUSY/gi) ?? []).length;
  const non2xx = Object.values(results.gateway)
    .flat()
    .reduce((s, r) => s + r.non2xx + r.errors, 0);

  // Concurrent streams against a mock that takes 1 s, each on a fresh gateway process: short answers,
  // then ten times as many chunks of larger text (memory per stream must not grow with the output).
  await stop(gateway);
  gateway = null;
  const concurrency = {};
  for (const model of ['slow-1s', 'slow-1s-long']) {
    const g = await start(1, join(ROOT, 'backend/dist/main.js'), observedEnv, /listening on http:\/\/localhost:(\d+)/);
    concurrency[model] = await concurrentStreams(g, key, model, CONCURRENT);
    await stop(g);
  }

  const med = (name, c, f) => median(results[name][c].map(f));
  const summary = {
    c1_p50_us: {
      direct: med('direct', 'c1', (r) => r.p50_us),
      null: med('null', 'c1', (r) => r.p50_us),
      gateway: med('gateway', 'c1', (r) => r.p50_us),
    },
    c1_p99_us: {
      direct: med('direct', 'c1', (r) => r.p99_us),
      null: med('null', 'c1', (r) => r.p99_us),
      gateway: med('gateway', 'c1', (r) => r.p99_us),
    },
    c32_rps: {
      direct: med('direct', 'c32', (r) => r.rps),
      null: med('null', 'c32', (r) => r.rps),
      gateway: med('gateway', 'c32', (r) => r.rps),
    },
    c32_p99_us: {
      direct: med('direct', 'c32', (r) => r.p99_us),
      null: med('null', 'c32', (r) => r.p99_us),
      gateway: med('gateway', 'c32', (r) => r.p99_us),
    },
    // Interleaved rounds share the machine's conditions: the ratio within a round is the steadier figure.
    load_at_start: loadAtStart.map((l) => l.toFixed(2)).join(' '),
    ratio_by_round: results.gateway.c32.map((g, i) => Math.round((100 * g.rps) / results.null.c32[i].rps)),
    ttft_ms: Object.fromEntries(Object.entries(streams).map(([k, v]) => [k, median(v.map((s) => s.ttft_ms))])),
    gap_ms: Object.fromEntries(Object.entries(streams).map(([k, v]) => [k, median(v.map((s) => s.gap_ms))])),
    streams_ok: streams.gateway.reduce((s, r) => s + r.ok, 0),
    streams_n: streams.gateway.reduce((s, r) => s + r.n, 0),
    billing: {
      logs: logs.n,
      charged: logs.sum,
      complete: complete.n,
      min: complete.min,
      max: complete.max,
      cut: cut.n,
      cut_charged: cut.sum ?? 0,
      expected_each: CHARGE,
      balance_drop: INITIAL - user.quota,
      used_quota: user.used_quota,
      request_count: user.request_count,
      lockErrors,
      non2xx,
    },
    concurrency,
    observability: {
      c1_p50_us: { on: med('gateway', 'c1', (r) => r.p50_us), off: med('plain', 'c1', (r) => r.p50_us) },
      c1_p99_us: { on: med('gateway', 'c1', (r) => r.p99_us), off: med('plain', 'c1', (r) => r.p99_us) },
      c32_rps: { on: med('gateway', 'c32', (r) => r.rps), off: med('plain', 'c32', (r) => r.rps) },
      ratio_by_round: results.gateway.c32.map((g, i) => Math.round((100 * g.rps) / results.plain.c32[i].rps)),
    },
    baseline: baseline && {
      dir: BASELINE,
      c1_p50_us: med('baseline', 'c1', (r) => r.p50_us),
      c1_p99_us: med('baseline', 'c1', (r) => r.p99_us),
      c32_rps: med('baseline', 'c32', (r) => r.rps),
      c32_p99_us: med('baseline', 'c32', (r) => r.p99_us),
      ratio_by_round: results.gateway.c32.map((g, i) => Math.round((100 * g.rps) / results.baseline.c32[i].rps)),
    },
    rounds: results,
  };
  for (const p of [nullProxy, mock]) await stop(p);
  rmSync(dir, { recursive: true, force: true });
  report(summary);
}

/** The same rounds against the gateway of another checkout (BENCH_BASELINE): what a change cost. */
function beforeAfter(s) {
  const b = s.baseline;
  return [
    `Before and after: the gateway built from \`${b.dir}\` ran in the same rounds, interleaved, on its own SQLite file.`,
    '',
    '| measure | before | after | change |',
    '|---|---|---|---|',
    `| p50 latency at c1 (µs) | ${b.c1_p50_us} | ${s.c1_p50_us.gateway} | ${s.c1_p50_us.gateway - b.c1_p50_us > 0 ? '+' : ''}${s.c1_p50_us.gateway - b.c1_p50_us} |`,
    `| p99 latency at c1 (µs) | ${b.c1_p99_us} | ${s.c1_p99_us.gateway} | ${s.c1_p99_us.gateway - b.c1_p99_us > 0 ? '+' : ''}${s.c1_p99_us.gateway - b.c1_p99_us} |`,
    `| throughput at c32 (req/s) | ${Math.round(b.c32_rps)} | ${Math.round(s.c32_rps.gateway)} | ${Math.round((100 * s.c32_rps.gateway) / b.c32_rps) - 100}% |`,
    `| p99 latency at c32 (µs) | ${b.c32_p99_us} | ${s.c32_p99_us.gateway} | |`,
    '',
    `Throughput after / before at c32, round by round: ${b.ratio_by_round.map((r) => `${r}%`).join(', ')} (median ${median(b.ratio_by_round)}%).`,
    '',
  ];
}

/** What metrics and tracing cost: the same rounds against a gateway with both off. */
function observabilityCost(s) {
  const o = s.observability;
  return [
    'Metrics and tracing: the gateway above runs with both on (`METRICS_TOKEN` set, every relay request traced and',
    'exported over OTLP to the mock). A second gateway with both off ran in the same rounds, on its own SQLite file.',
    '',
    '| measure | off | on | cost |',
    '|---|---|---|---|',
    `| p50 latency at c1 (µs) | ${o.c1_p50_us.off} | ${o.c1_p50_us.on} | ${o.c1_p50_us.on - o.c1_p50_us.off} |`,
    `| p99 latency at c1 (µs) | ${o.c1_p99_us.off} | ${o.c1_p99_us.on} | ${o.c1_p99_us.on - o.c1_p99_us.off} |`,
    `| throughput at c32 (req/s) | ${Math.round(o.c32_rps.off)} | ${Math.round(o.c32_rps.on)} | ${Math.round((100 * o.c32_rps.on) / o.c32_rps.off) - 100}% |`,
    '',
    `Throughput on / off at c32, round by round: ${o.ratio_by_round.map((r) => `${r}%`).join(', ')} (median ${median(o.ratio_by_round)}%).`,
    '',
  ];
}

/** Concurrent streams, short and long answers: the peak memory and what each stream cost. */
function concurrencyLines(c) {
  const short = c['slow-1s'];
  const long = c['slow-1s-long'];
  const limited =
    short.n < 10_000 && short.n === FD_CAP
      ? ` (${short.n}, not 10,000: each stream holds two sockets in the gateway and this machine's open-file limit is ${FD_LIMIT})`
      : '';
  return [
    `Concurrency: ${short.n} streams at once against a mock that takes 1 s${limited}, each run on a fresh gateway. Goal: all`,
    'succeed, peak RSS ≤ 1 GB, memory per stream independent of the output length.',
    '',
    '| answer | streams ok | failed | wall (ms) | RSS before (MB) | peak RSS (MB) | per stream (KB) |',
    '|---|---|---|---|---|---|---|',
    `| 10 chunks, ~60 B of text | ${short.ok} | ${short.failed} | ${short.wall_ms} | ${short.rss_before_mb} | ${short.peak_rss_mb} | ${short.kb_per_stream} |`,
    `| 100 chunks, ~40 KB of text | ${long.ok} | ${long.failed} | ${long.wall_ms} | ${long.rss_before_mb} | ${long.peak_rss_mb} | ${long.kb_per_stream} |`,
    '',
  ];
}

/** Ends the part of docs/benchmarks.md this script writes; the hand-written sections after it are kept. */
const KEPT_MARK =
  '<!-- npm run bench rewrites everything above this line and the query sections at the end; the sections in between are kept -->';
/** Sections the query benchmarks append after this script (npm run bench): dropped here, written again. */
const QUERY_SECTION = /^### (Log query|Dashboard query)/;

function currentDoc() {
  try {
    return readFileSync(DOC, 'utf8');
  } catch {
    return '';
  }
}

/** The median c32 ratio to the null proxy that docs/benchmarks.md holds now; null when it holds none. */
function recordedRatio(doc) {
  const m = /Throughput ratio gateway \/ null proxy at c32, round by round: .*\(median (\d+)%\)/.exec(doc);
  return m ? Number(m[1]) : null;
}

/** The hand-written sections of the current doc (after the mark), without the query benchmarks' sections. */
function keptSections(doc) {
  const at = doc.indexOf(KEPT_MARK);
  if (at < 0) return '';
  const sections = doc.slice(at + KEPT_MARK.length).split(/\n(?=#{2,3} )/);
  return sections
    .filter((part) => !QUERY_SECTION.test(part.trimStart()))
    .join('\n')
    .trim();
}

function report(s) {
  const added = (a, b) => Math.round(a - b);
  const cpu = cpus()[0]?.model ?? 'unknown';
  const wrkVersion = (spawnSync('wrk', ['-v'], { encoding: 'utf8' }).stdout ?? '')
    .split('\n')[0]
    .replace(/\s*\[.*$/, '')
    .trim();
  const b = s.billing;
  const billingOk =
    b.min === b.expected_each &&
    b.max === b.expected_each &&
    b.charged === b.complete * b.expected_each + b.cut_charged &&
    b.balance_drop === b.charged &&
    b.used_quota === b.charged &&
    b.lockErrors === 0;
  const lines = [
    '# Benchmarks',
    '',
    `Produced by \`npm run bench\` (test/bench/run.mjs) on ${new Date().toISOString().slice(0, 10)}.`,
    `Machine: ${cpus().length} cores, ${cpu}, Node ${process.version}, ${wrkVersion}. Gateway and null proxy pinned to core 1`,
    '(`taskset -c 1`), mock upstream and load generators to core 0. Gateway in governed mode: real API key, quota',
    'reservation and settlement, usage log per request, SQLite. Medians of ' +
      ROUNDS +
      ` interleaved rounds of ${DURATION} each.`,
    `Body ~150 bytes in, ~1.4 KB out with a \`usage\` object. Load average when the run started: ${s.load_at_start}`,
    '(other builds and test runs may share the machine: disturbed rounds show as outliers in the raw data).',
    '',
    '| measure | direct to mock | null proxy | gateway | gateway − direct | gateway − null proxy | goal |',
    '|---|---|---|---|---|---|---|',
    `| p50 latency at c1 (µs) | ${s.c1_p50_us.direct} | ${s.c1_p50_us.null} | ${s.c1_p50_us.gateway} | ${added(s.c1_p50_us.gateway, s.c1_p50_us.direct)} | ${added(s.c1_p50_us.gateway, s.c1_p50_us.null)} | ≤ 200 added |`,
    `| p99 latency at c1 (µs) | ${s.c1_p99_us.direct} | ${s.c1_p99_us.null} | ${s.c1_p99_us.gateway} | ${added(s.c1_p99_us.gateway, s.c1_p99_us.direct)} | ${added(s.c1_p99_us.gateway, s.c1_p99_us.null)} | |`,
    `| throughput at c32 (req/s) | ${Math.round(s.c32_rps.direct)} | ${Math.round(s.c32_rps.null)} | ${Math.round(s.c32_rps.gateway)} | | ${Math.round((100 * s.c32_rps.gateway) / s.c32_rps.null)}% of null proxy | ≥ 60% of null proxy |`,
    `| p99 latency at c32 (µs) | ${s.c32_p99_us.direct} | ${s.c32_p99_us.null} | ${s.c32_p99_us.gateway} | | | |`,
    `| stream time to first token (ms) | ${s.ttft_ms.direct.toFixed(2)} | ${s.ttft_ms.null.toFixed(2)} | ${s.ttft_ms.gateway.toFixed(2)} | ${(s.ttft_ms.gateway - s.ttft_ms.direct).toFixed(2)} | ${(s.ttft_ms.gateway - s.ttft_ms.null).toFixed(2)} | ≤ 1 added |`,
    `| stream gap between chunks (ms) | ${s.gap_ms.direct.toFixed(2)} | ${s.gap_ms.null.toFixed(2)} | ${s.gap_ms.gateway.toFixed(2)} | ${(s.gap_ms.gateway - s.gap_ms.direct).toFixed(2)} | ${(s.gap_ms.gateway - s.gap_ms.null).toFixed(2)} | each event flushed at once |`,
    '',
    `Throughput ratio gateway / null proxy at c32, round by round: ${s.ratio_by_round.map((r) => `${r}%`).join(', ')} (median ${median(s.ratio_by_round)}%).`,
    '',
    ...observabilityCost(s),
    ...(s.baseline ? beforeAfter(s) : []),
    `Streams: ${s.streams_ok}/${s.streams_n} sequential streams complete through the gateway (mock: role chunk, 20 content chunks every 5 ms, usage chunk, [DONE]).`,
    '',
    ...concurrencyLines(s.concurrency),
    '',
    `Billing under load (SQLite): ${b.logs} usage logs, total ${b.charged} quota: ${b.complete} complete requests each charged ${b.min}–${b.max}`,
    `(expected exactly ${b.expected_each}), and ${b.cut} requests the load generator cut at the end of a run (client gone) charged prompt + delivered (${b.cut_charged} in all);`,
    `user balance dropped by ${b.balance_drop}, used_quota ${b.used_quota}, request_count ${b.request_count}; lock errors: ${b.lockErrors}; non-2xx/errors: ${b.non2xx}.`,
    `Ledger check: ${billingOk ? 'passed (sum of charges = balance drop = used_quota, every complete request charged exactly)' : 'FAILED'}.`,
    '',
    'Raw rounds (µs, req/s):',
    '',
    '```json',
    JSON.stringify(s.rounds, (k, v) => (typeof v === 'number' ? Math.round(v) : v)),
    '```',
    '',
  ];
  const text = lines.join('\n');
  console.log(`\n${text}`);
  const doc = currentDoc();
  const recorded = recordedRatio(doc);
  const now = median(s.ratio_by_round);
  if (recorded !== null && now < recorded * (1 - REGRESSION) && process.env.BENCH_ACCEPT !== '1') {
    console.error(
      `\n✗ REGRESSION: median throughput ratio to the null proxy ${now}% is more than ${100 * REGRESSION}% below the ${recorded}% recorded in docs/benchmarks.md (left unchanged).`,
    );
    process.exitCode = 1;
    return;
  }
  const kept = keptSections(doc);
  writeFileSync(DOC, `${text}\n${KEPT_MARK}\n${kept ? `\n${kept}\n` : ''}`);
  console.log(`\nmedian ratio ${now}% (recorded before: ${recorded ?? 'none'}%): docs/benchmarks.md written`);
}

/** Governed mode: a real user, key, channel, pricing and usage logs on SQLite. Returns the API key. */
async function governed(base, mockUrl) {
  await api(base, 'POST', '/api/setup', {
    username: 'root',
    password: 'bench-pass-1',
    confirmPassword: 'bench-pass-1',
    SelfUseModeEnabled: false,
    DemoSiteEnabled: false,
  });
  const { session } = await api(base, 'POST', '/api/user/login', { username: 'root', password: 'bench-pass-1' });
  await api(base, 'PUT', '/api/user/', { id: 1, quota: INITIAL }, session);
  await api(
    base,
    'PUT',
    '/api/option/',
    { key: 'ModelRatio', value: JSON.stringify({ 'gpt-4o-mini': 0.075, 'slow-1s': 0.075, 'slow-1s-long': 0.075 }) },
    session,
  );
  await api(
    base,
    'POST',
    '/api/channel/',
    { name: 'mock', type: 1, key: 'sk-upstream', base_url: mockUrl, models: 'gpt-4o-mini,slow-1s,slow-1s-long' },
    session,
  );
  return (await api(base, 'POST', '/api/token/', { name: 'bench', remain_quota: 1e13 }, session)).json.data.key;
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  });
