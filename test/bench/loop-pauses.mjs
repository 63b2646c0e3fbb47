// What held the gateway's event loop during a bench run, read from its own /metrics (prom-client's default
// metrics, on with METRICS_TOKEN): the garbage collections by kind and length, and the event-loop delay.
// run.mjs reads them around each c1 and c32 run of the observed gateway; report.mjs prints the medians.
// The API tests' Prometheus parser (test/support/prometheus-text.ts) is TypeScript, which these plain node
// scripts cannot load on Node 20, so readLoop picks out the few series it needs itself.

/** prom-client's event-loop monitor ticks every 10 ms and records the whole interval between two ticks. */
const MONITOR_TICK_S = 0.01;
const GC = 'gateway_nodejs_gc_duration_seconds';
const LAG = 'gateway_nodejs_eventloop_lag';

/**
 * One read of the gateway's /metrics. The GC histogram counts from the start; the event-loop figures
 * cover the time since the previous read (prom-client resets its monitor on every read).
 */
export async function readLoop(base, token) {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET /metrics: ${res.status}`);
  const gc = {};
  let lagP99 = 0;
  let lagMax = 0;
  for (const line of (await res.text()).split('\n')) {
    const [name, value] = line.split(/ (?=[^ ]+$)/);
    const kind = /kind="(\w+)"/.exec(name)?.[1];
    if (kind && name.startsWith(GC)) {
      const k = (gc[kind] ??= { count: 0, upTo1ms: 0, upTo10ms: 0, sum: 0 });
      if (name.startsWith(`${GC}_count`)) k.count = Number(value);
      else if (name.startsWith(`${GC}_sum`)) k.sum = Number(value);
      else if (name.includes('le="0.001"')) k.upTo1ms = Number(value);
      else if (name.includes('le="0.01"')) k.upTo10ms = Number(value);
    } else if (name === `${LAG}_p99_seconds`) lagP99 = Number(value);
    else if (name === `${LAG}_max_seconds`) lagMax = Number(value);
  }
  return { gc, lagP99, lagMax };
}

/**
 * What happened between two reads, for `requests` requests: collections per 1,000 requests, how many of
 * them held the loop over 1 ms and over 10 ms, the GC time per request, and the event-loop delay (the
 * monitor's interval beyond its 10 ms tick) at p99 and at most, in ms.
 */
export function loopBetween(before, after, requests) {
  const kinds = Object.keys(after.gc);
  const delta = (f) => kinds.reduce((s, k) => s + f(after.gc[k]) - (before.gc[k] ? f(before.gc[k]) : 0), 0);
  const count = delta((k) => k.count);
  const minor = (after.gc.minor?.count ?? 0) - (before.gc.minor?.count ?? 0);
  const delayMs = (s) => Math.max(0, Math.round((s - MONITOR_TICK_S) * 10_000) / 10);
  return {
    gc_per_1000: Math.round((10_000 * count) / requests) / 10,
    minor_per_1000: Math.round((10_000 * minor) / requests) / 10,
    over_1ms: count - delta((k) => k.upTo1ms),
    over_10ms: count - delta((k) => k.upTo10ms),
    collections: count,
    gc_us_per_request: Math.round((1e6 * delta((k) => k.sum)) / requests),
    delay_p99_ms: delayMs(after.lagP99),
    delay_max_ms: delayMs(after.lagMax),
  };
}

/** The report's lines: medians over the rounds of what loopBetween found at c1 and at c32. */
export function loopLines(loop, median) {
  const at = (c, field) => median(loop[c].map((r) => r[field]));
  const row = (label, field) => `| ${label} | ${at('c1', field)} | ${at('c32', field)} |`;
  return [
    "What held the gateway's event loop (observability on), read from its own /metrics around each of its runs;",
    'medians over the rounds. A collection stops the loop for its whole length; the delay is how late the',
    "event-loop monitor's 10 ms tick fired. At c1 the loop waits for the next request between two, so the delay",
    'is the longest piece of synchronous work; at c32 it is busy, and the delay is the length of a loop turn.',
    '',
    '| measure | c1 | c32 |',
    '|---|---|---|',
    row('garbage collections per 1,000 requests', 'gc_per_1000'),
    row('of which scavenges (young generation)', 'minor_per_1000'),
    row('collections over 1 ms, per run', 'over_1ms'),
    row('collections over 10 ms, per run', 'over_10ms'),
    row('collections per run', 'collections'),
    row('GC time per request (µs)', 'gc_us_per_request'),
    row('event-loop delay p99 (ms)', 'delay_p99_ms'),
    row('event-loop delay max (ms)', 'delay_max_ms'),
    '',
  ];
}
