// Relay requests while the console writes a batch of keys as channels, through the real app on a fresh
// SQLite file: how long the relay waited for the batch's transactions, and whether any was refused
// (docs/channel-types.md, "Writing many rows"). Four clients send requests back to back to the mock
// upstream's model during the batch; each key becomes a channel of 50 models in two groups.
// Usage: node test/bench/batch-relay.mjs [checkout to measure, default this one] [keys, default 2000]
//   BENCH_CLIENTS (4): clients sending relay requests; 0 measures the batch alone.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { rootConsole } from './query-gateway.mjs';

const ROOT = resolve(process.argv[2] ?? new URL('../..', import.meta.url).pathname);
const KEYS = Number(process.argv[3] ?? 2000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 4);
// The gateway of the checkout measured; the console calls of this one.
const { startGateway, stopGateway } = await import(join(ROOT, 'test/bench/query-gateway.mjs'));

const dir = mkdtempSync(join(tmpdir(), 'gw-batchbench-'));
const mock = spawn(process.execPath, [new URL('./mock.mjs', import.meta.url).pathname], {
  env: { ...process.env, PORT: '0' },
});
const mockUrl = await new Promise((resolve) => {
  let out = '';
  mock.stdout.on('data', (d) => {
    out += d;
    const m = /mock listening on (\d+)/.exec(out);
    if (m) resolve(`http://127.0.0.1:${m[1]}`);
  });
});
const gw = await startGateway(join(dir, 'gateway.db'));
const json = { 'content-type': 'application/json' };
const call = await rootConsole(gw.url);
await call('PUT', '/api/user/', { id: 1, quota: 1e12 });
await call('PUT', '/api/option/', { key: 'ModelRatio', value: JSON.stringify({ 'gpt-4o-mini': 0.075 }) });
await call('POST', '/api/channel/', { name: 'mock', type: 1, key: 'sk-up', base_url: mockUrl, models: 'gpt-4o-mini' });
const { key } = await call('POST', '/api/token/', { name: 'bench', remain_quota: 1e11 });

let batchRunning = true;
const times = [];
const refused = new Map();
async function client() {
  while (batchRunning) {
    const t0 = performance.now();
    const res = await fetch(`${gw.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { ...json, authorization: `Bearer sk-${key}` },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
    });
    const text = await res.text();
    if (!res.ok) refused.set(res.status, { n: (refused.get(res.status)?.n ?? 0) + 1, body: text.slice(0, 200) });
    else times.push(performance.now() - t0);
  }
}
const clients = Array.from({ length: CLIENTS }, client);
await new Promise((r) => setTimeout(r, 500));
const t0 = performance.now();
const made = await call('POST', '/api/channel/', {
  mode: 'batch',
  name: 'batch',
  type: 1,
  key: Array.from({ length: KEYS }, (_, i) => `sk-batch-${i}`).join('\n'),
  models: Array.from({ length: 50 }, (_, i) => `model-${i}`).join(','),
  group: 'default,vip',
  status: 1,
});
const batchMs = performance.now() - t0;
batchRunning = false;
await Promise.all(clients);
await stopGateway(gw);
mock.kill();
rmSync(dir, { recursive: true, force: true });

times.sort((a, b) => a - b);
const at = (q) => (times.length ? times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(0) : '–');
console.log(`| keys | batch (ms) | per key (ms) | relay answered | refused | p50 (ms) | p99 (ms) | max (ms) |`);
console.log(`|---|---|---|---|---|---|---|---|`);
console.log(
  `| ${made.length} | ${batchMs.toFixed(0)} | ${(batchMs / KEYS).toFixed(2)} | ${times.length} | ${[...refused.values()].reduce((n, r) => n + r.n, 0)} | ${at(0.5)} | ${at(0.99)} | ${times.length ? times.at(-1).toFixed(0) : '–'} |`,
);
for (const [status, r] of refused) console.log(`refused ${r.n} × ${status}: ${r.body}`);
