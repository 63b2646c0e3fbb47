// npm run bench — measures what the gateway adds, as docs/benchmarks.md describes: mock upstream, null
// proxy floor, governed floor (governed-floor.mjs: the ledger and observability alone) and the governed
// gateway (real key, billing, usage logs, SQLite) in one run, rounds interleaved; gateway, null proxy and
// governed floor pinned to core 1, mock and load generators to core 0; while one server on core 1 is
// measured, the others there are stopped (SIGSTOP).
// The gateway runs with metrics and tracing on (METRICS_TOKEN, OTLP export to the mock); a second one with
// both off joins the c1/c32 rounds, so their cost is measured in the same run.
// Writes docs/benchmarks.md, unless the median throughput ratio to the null proxy fell more than 10% below
// the one recorded there for this machine (CPU name, family and model), or, on a machine with none recorded,
// this build's throughput fell as far below BENCH_BASELINE's gateway in the same rounds: then it prints the
// report, leaves the file and exits 1 (BENCH_ACCEPT=1 records the new figures anyway, for a change of what
// is measured, said in the doc).
// Each c32 run also reads the CPU time the server process used per request (/proc/<pid>/stat).
// Env: BENCH_ROUNDS (3), BENCH_DURATION (5s), BENCH_STREAMS (60), and BENCH_BASELINE: another checkout
// (built) whose gateway joins the c1/c32 rounds as "before".
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loopBetween, readLoop } from './loop-pauses.mjs';
import { median, report } from './report.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '../..');
const require = createRequire(import.meta.url);
const Database = require('better-sqlite3');
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
const METRICS_TOKEN = 'bench-metrics';
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

/** Clock ticks per second of /proc/<pid>/stat's CPU times. */
const CLK_TCK = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** User + system CPU time a process has used so far, in µs (its threads included). */
function cpuUs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLK_TCK;
}

/**
 * One wrk run. With the server's `pid`, also the CPU time it spent per request: unlike the throughput, it
 * leaves out time the core gave to other processes (the host's own speed still moves it).
 */
function wrk(url, connections, duration, key = '', pid = 0) {
  const cpuBefore = pid ? cpuUs(pid) : 0;
  const out = execFileSync(
    'taskset',
    ['-c', '0', 'wrk', '-t1', `-c${connections}`, `-d${duration}`, '-s', join(HERE, 'post.lua'), url],
    {
      env: { ...process.env, BODY, KEY: key },
      encoding: 'utf8',
    },
  );
  const r = JSON.parse(/JSON(.*)/.exec(out)[1]);
  const cpu = pid && r.requests > 0 ? { cpu_us: (cpuUs(pid) - cpuBefore) / r.requests } : {};
  return { ...r, rps: r.requests / (r.duration_us / 1e6), ...cpu };
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
  const observedEnv = { ...gatewayEnv, METRICS_TOKEN, OTEL_EXPORTER_OTLP_ENDPOINT: mockUrl };
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
    direct: { url: `${mockUrl}/v1/chat/completions`, key: '', pid: 0 },
    null: { url: `http://127.0.0.1:${nullProxy.port}/v1/chat/completions`, key: '', pid: nullProxy.proc.pid },
    gateway: { url: `${gw()}/v1/chat/completions`, key, pid: gateway.proc.pid },
    plain: { url: `${plainUrl}/v1/chat/completions`, key: await governed(plainUrl, mockUrl), pid: plain.proc.pid },
  };
  targets.floor = await governedFloor(join(dir, 'plain.db'), join(dir, 'floor.db'), mockUrl, targets.plain.key);
  if (baseline) {
    const url = `http://127.0.0.1:${baseline.port}`;
    targets.baseline = { url: `${url}/v1/chat/completions`, key: await governed(url, mockUrl), pid: baseline.proc.pid };
  }
  /**
   * Runs one measurement with the other servers on core 1 stopped (SIGSTOP), then continues them. Idle,
   * each still wakes for its timers (a gateway's option and channel reloads, log drains, checkpoints), and
   * the kernel then gives it the core for milliseconds: that was part of every server's p99 at c1, the
   * null proxy's too (docs/benchmarks.md, sixteenth run). The measured one first gets a moment to run
   * the timers it missed while it was stopped.
   */
  const onCore1 = Object.values(targets)
    .map((t) => t.pid)
    .filter((pid) => pid > 0);
  /** A server stopped for good (after the rounds) is gone: nothing to signal. */
  const signal = (pid, sig) => {
    try {
      process.kill(pid, sig);
    } catch (err) {
      if (err.code !== 'ESRCH') throw err;
    }
  };
  const alone = async (pid, run) => {
    const others = onCore1.filter((p) => p !== pid);
    for (const p of others) signal(p, 'SIGSTOP');
    try {
      await new Promise((r) => setTimeout(r, 300));
      return await run();
    } finally {
      for (const p of others) signal(p, 'SIGCONT');
    }
  };
  console.log('warming up…');
  for (const t of Object.values(targets)) wrk(t.url, 32, '3s', t.key);

  const results = Object.fromEntries(Object.keys(targets).map((name) => [name, { c1: [], c32: [] }]));
  const loop = { c1: [], c32: [] };
  /** One run; around the observed gateway's, what held its event loop (loop-pauses.mjs). */
  const measured = async (name, c, run) => {
    if (name !== 'gateway') return run();
    const before = await readLoop(gw(), METRICS_TOKEN);
    const r = run();
    loop[c].push(loopBetween(before, await readLoop(gw(), METRICS_TOKEN), r.requests));
    return r;
  };
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [name, t] of Object.entries(targets)) {
      await alone(t.pid, async () => {
        results[name].c1.push(await measured(name, 'c1', () => wrk(t.url, 1, DURATION, t.key)));
        results[name].c32.push(await measured(name, 'c32', () => wrk(t.url, 32, DURATION, t.key, t.pid)));
      });
      const last = results[name];
      console.log(
        `round ${round} ${name}: c1 p50 ${last.c1.at(-1).p50_us} µs, c32 ${Math.round(last.c32.at(-1).rps)} req/s`,
      );
    }
    const ratio = (100 * results.gateway.c32.at(-1).rps) / results.null.c32.at(-1).rps;
    console.log(`round ${round}: gateway / null proxy at c32 = ${ratio.toFixed(1)}%`);
  }
  await stop(plain);
  await stop(targets.floor.floor);
  const floorBooks = floorLedger(join(dir, 'floor.db'));

  // Streams: time to first token and gap between chunks, direct vs gateway, interleaved.
  const streams = { direct: [], null: [], gateway: [] };
  for (let round = 1; round <= ROUNDS; round++) {
    for (const name of Object.keys(streams)) {
      const t = targets[name];
      streams[name].push(await alone(t.pid, () => streamClient('seq', t.url, t.key, STREAMS)));
    }
  }
  if (baseline) await stop(baseline);

  // Billing under load: every logged request charged exactly, sums match the balance.
  await new Promise((r) => setTimeout(r, 1500));
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
    c32_cpu_us: { null: med('null', 'c32', (r) => r.cpu_us), gateway: med('gateway', 'c32', (r) => r.cpu_us) },
    // Interleaved rounds share the machine's conditions: the ratio within a round is the steadier figure.
    load_at_start: loadAtStart.map((l) => l.toFixed(2)).join(' '),
    ratio_by_round: results.gateway.c32.map((g, i) => Math.round((100 * g.rps) / results.null.c32[i].rps)),
    // The null proxy's CPU per request over the gateway's: the throughput ratio both would reach on a core each.
    cpu_ratio_by_round: results.gateway.c32.map((g, i) => Math.round((100 * results.null.c32[i].cpu_us) / g.cpu_us)),
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
    loop,
    observability: {
      c1_p50_us: { on: med('gateway', 'c1', (r) => r.p50_us), off: med('plain', 'c1', (r) => r.p50_us) },
      c1_p99_us: { on: med('gateway', 'c1', (r) => r.p99_us), off: med('plain', 'c1', (r) => r.p99_us) },
      c32_rps: { on: med('gateway', 'c32', (r) => r.rps), off: med('plain', 'c32', (r) => r.rps) },
      c32_p99_us: { on: med('gateway', 'c32', (r) => r.p99_us), off: med('plain', 'c32', (r) => r.p99_us) },
      c32_cpu_us: { on: med('gateway', 'c32', (r) => r.cpu_us), off: med('plain', 'c32', (r) => r.cpu_us) },
      ratio_by_round: results.gateway.c32.map((g, i) => Math.round((100 * g.rps) / results.plain.c32[i].rps)),
    },
    floor: {
      c1_p50_us: med('floor', 'c1', (r) => r.p50_us),
      c32_rps: med('floor', 'c32', (r) => r.rps),
      c32_cpu_us: med('floor', 'c32', (r) => r.cpu_us),
      ratio_by_round: results.floor.c32.map((f, i) => Math.round((100 * f.rps) / results.null.c32[i].rps)),
      gateway_by_round: results.gateway.c32.map((g, i) => Math.round((100 * g.rps) / results.floor.c32[i].rps)),
      ledger: floorBooks,
    },
    baseline: baseline && {
      dir: BASELINE,
      c1_p50_us: med('baseline', 'c1', (r) => r.p50_us),
      c1_p99_us: med('baseline', 'c1', (r) => r.p99_us),
      c32_rps: med('baseline', 'c32', (r) => r.rps),
      c32_p99_us: med('baseline', 'c32', (r) => r.p99_us),
      c32_cpu_us: med('baseline', 'c32', (r) => r.cpu_us),
      // The baseline runs with metrics and tracing off: compared with this build's gateway with both off.
      ratio_by_round: results.plain.c32.map((g, i) => Math.round((100 * g.rps) / results.baseline.c32[i].rps)),
    },
    rounds: results,
  };
  for (const p of [nullProxy, mock]) await stop(p);
  rmSync(dir, { recursive: true, force: true });
  report(summary, { rounds: ROUNDS, duration: DURATION, fdLimit: FD_LIMIT, fdCap: FD_CAP });
}

/**
 * The governed floor (governed-floor.mjs) on a copy of a governed gateway's database, with metrics and
 * tracing on like the gateway column: what the ledger and observability cost with nothing else around them.
 */
async function governedFloor(from, path, mockUrl, key) {
  const source = new Database(from, { readonly: true });
  source.exec(`VACUUM INTO '${path}'`);
  source.close();
  const env = { PORT: '0', UPSTREAM: mockUrl, SQLITE_PATH: path, KEY: key, OTEL_EXPORTER_OTLP_ENDPOINT: mockUrl };
  const floor = await start(1, join(HERE, 'governed-floor.mjs'), env, /governed floor listening on (\d+)/);
  return { url: `http://127.0.0.1:${floor.port}/v1/chat/completions`, key, pid: floor.proc.pid, floor };
}

/** The floor's ledger after the rounds: balance drop, used_quota and the logged charges must agree. */
function floorLedger(path) {
  const db = new Database(path, { readonly: true });
  const user = db.prepare('SELECT quota, used_quota FROM users WHERE id = 1').get();
  const logged = db
    .prepare(
      'SELECT (SELECT COALESCE(SUM(quota), 0) FROM logs WHERE type = 2) + (SELECT COALESCE(SUM(quota), 0) FROM log_inbox) AS s',
    )
    .get().s;
  const open = db.prepare('SELECT COUNT(*) AS n FROM reservations').get().n;
  db.close();
  return { balance_drop: INITIAL - user.quota, used_quota: user.used_quota, charged: logged, open };
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
