// node test/bench/weakmap-scavenge.mjs — what a per-request WeakMap entry costs the garbage collector on
// this Node: 200,000 "requests" each allocate a key and a ~10 KB value; the key dies at once. With the
// value on a property of the key, young-generation collections (scavenges) free both. With the value in
// a WeakMap under the key, V8 keeps the value through the scavenge, then moves it to the old generation,
// where only a full collection frees it. The relay keeps per-request data on the request's own objects
// for this reason (docs/benchmarks.md).
import { spawnSync } from 'node:child_process';
import { PerformanceObserver, constants } from 'node:perf_hooks';

const REQUESTS = 200_000;

function child(mode) {
  const byKind = { minor: { n: 0, ms: 0 }, major: { n: 0, ms: 0 } };
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind = e.detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR ? 'minor' : 'major';
      byKind[kind].n++;
      byKind[kind].ms += e.duration;
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  const table = new WeakMap();
  const started = performance.now();
  for (let i = 0; i < REQUESTS; i++) {
    const key = {};
    const value = Array.from({ length: 200 }, (_, j) => ({ j, text: `x${j}` }));
    if (mode === 'weakmap') table.set(key, value);
    else key.value = value;
  }
  const wallMs = performance.now() - started;
  // GC entries reach the observer on later turns of the event loop.
  setTimeout(() => {
    observer.disconnect();
    console.log(JSON.stringify({ mode, wallMs, ...byKind }));
  }, 200);
}

if (process.argv[2]) child(process.argv[2]);
else {
  console.log('| value kept | wall (ms) | scavenges | scavenge time (ms) | full collections | their time (ms) |');
  console.log('|---|---:|---:|---:|---:|---:|');
  const labels = { property: 'a property of the key', weakmap: 'a WeakMap entry under the key' };
  for (const mode of Object.keys(labels)) {
    const out = spawnSync(process.execPath, [new URL(import.meta.url).pathname, mode], { encoding: 'utf8' });
    const r = JSON.parse(out.stdout.trim().split('\n').at(-1));
    const ms = (x) => Math.round(x);
    console.log(
      `| ${labels[mode]} | ${ms(r.wallMs)} | ${r.minor.n} | ${ms(r.minor.ms)} | ${r.major.n} | ${ms(r.major.ms)} |`,
    );
  }
}
