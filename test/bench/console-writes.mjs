// Console writes that touch many rows, through the real app on a fresh SQLite file: batches of codes,
// tokens and channels, a large model list, the routing fix; then the periodic reload of every channel and
// the refresh of the relay's caches. The gateway's own event-loop monitor (loop-delay.cjs) gives the
// longest delay during each: how long synchronous work held every request (docs/channel-types.md).
// Usage: node test/bench/console-writes.mjs [checkout to measure, default this one]   (prints a table)
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { rootConsole } from './query-gateway.mjs';

const ROOT = resolve(process.argv[2] ?? new URL('../..', import.meta.url).pathname);
// The gateway of the checkout measured; the console calls of this one.
const { startGateway, stopGateway } = await import(join(ROOT, 'test/bench/query-gateway.mjs'));
const RUNS = Number(process.env.BENCH_RUNS ?? 6);
const CACHED_TOKENS = Number(process.env.BENCH_CACHED_TOKENS ?? 5000);

const dir = mkdtempSync(join(tmpdir(), 'gw-writebench-'));
const DELAY_FILE = join(dir, 'loop-delay.json');
const monitored = {
  NODE_OPTIONS: `--require ${new URL('./loop-delay.cjs', import.meta.url).pathname}`,
  LOOP_DELAY_FILE: DELAY_FILE,
};
/** The gateway's longest event-loop delay (ms) since the last call. */
async function loopDelay(gateway) {
  rmSync(DELAY_FILE, { force: true });
  gateway.child.kill('SIGUSR2');
  while (!existsSync(DELAY_FILE)) await new Promise((r) => setTimeout(r, 5));
  return JSON.parse(readFileSync(DELAY_FILE, 'utf8')).maxMs;
}
const gw = await startGateway(join(dir, 'gateway.db'), monitored);
const json = { 'content-type': 'application/json' };
const call = await rootConsole(gw.url);

const models = (n, prefix) => Array.from({ length: n }, (_, i) => `${prefix}-${i}`).join(',');
let n = 0;
const writes = {
  '100 redemption codes': () => call('POST', '/api/redemption/', { name: `b${n++}`, quota: 1000, count: 100 }),
  '100 tokens': () =>
    call('POST', '/api/token/', {
      name: `t${n++}`,
      count: 100,
      remain_quota: 1000,
      expired_time: -1,
      unlimited_quota: true,
    }),
  '100 keys as 100 channels, 50 models × 2 groups': () =>
    call('POST', '/api/channel/', {
      mode: 'batch',
      name: `c${n++}`,
      type: 1,
      key: Array.from({ length: 100 }, (_, i) => `sk-${n}-${i}`).join('\n'),
      models: models(50, 'model'),
      group: 'default,vip',
      status: 1,
    }),
  "a channel's models edited from 50 to 500 (× 2 groups)": async () => {
    const made = await call('POST', '/api/channel/', {
      name: `e${n++}`,
      type: 1,
      key: 'sk-edit',
      models: models(50, 'model'),
      group: 'default,vip',
      status: 1,
    });
    return call('PUT', '/api/channel/', { id: made.id, models: models(500, 'big-model') });
  },
  'POST /api/channel/fix, every channel': () => call('POST', '/api/channel/fix'),
};

const rows = [];
for (const [name, write] of Object.entries(writes)) {
  const times = [];
  let held = 0;
  for (let i = 0; i <= RUNS; i++) {
    await loopDelay(gw);
    const t0 = performance.now();
    await write();
    const ms = performance.now() - t0;
    const slowest = await loopDelay(gw);
    if (i === 0) continue; // the first run warms up
    times.push(ms);
    held = Math.max(held, slowest);
  }
  times.sort((a, b) => a - b);
  rows.push(`| ${name} | ${times[times.length >> 1].toFixed(1)} | ${times.at(-1).toFixed(1)} | ${held.toFixed(1)} |`);
}

// Keys for the relay's token cache below: made now, while the console session is open.
const keys = [];
for (let i = 0; i < CACHED_TOKENS / 100; i++) {
  const made = await call('POST', '/api/token/', {
    name: `k${i}`,
    count: 100,
    expired_time: -1,
    unlimited_quota: true,
  });
  keys.push(...made.map((t) => t.key));
}
await stopGateway(gw);

// Nothing written: the periodic reload of every channel the writes left and the refresh of the relay's
// caches (every second here; SYNC_FREQUENCY is 60 s by default), on a gateway restarted on the same file:
// first with nothing cached, then after every key above was used once (a request for a model no channel
// serves: the key and its owner are cached, nothing is charged).
const idle = await startGateway(join(dir, 'gateway.db'), { ...monitored, SYNC_FREQUENCY: '1' });
const idleHeld = async () => {
  await new Promise((r) => setTimeout(r, 2000));
  await loopDelay(idle);
  await new Promise((r) => setTimeout(r, 10_000));
  return loopDelay(idle);
};
const reloadHeld = await idleHeld();
for (let i = 0; i < keys.length; i += 50) {
  await Promise.all(
    keys.slice(i, i + 50).map(async (key) => {
      const res = await fetch(`${idle.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { ...json, authorization: `Bearer sk-${key}` },
        body: JSON.stringify({ model: 'no-such-model', messages: [{ role: 'user', content: 'hi' }] }),
      });
      await res.arrayBuffer();
      if (res.status === 401) throw new Error('a bench key was refused');
    }),
  );
}
const refreshHeld = await idleHeld();
await stopGateway(idle);
rmSync(dir, { recursive: true, force: true });
rows.push(`| nothing, 10 s with every channel reloaded each second | – | – | ${reloadHeld.toFixed(1)} |`);
rows.push(
  `| nothing, 10 s as above with ${keys.length} tokens cached, refreshed each second | – | – | ${refreshHeld.toFixed(1)} |`,
);

console.log(`\n### Console writes (${ROOT}; fresh SQLite; ${RUNS} runs each after one to warm up)\n`);
console.log('| write | p50 ms | max ms | longest event-loop delay meanwhile, ms |\n|---|---:|---:|---:|');
console.log(rows.join('\n'));
