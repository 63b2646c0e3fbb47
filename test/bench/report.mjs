// The report of npm run bench (run.mjs): the markdown of docs/benchmarks.md's figures, the regression gate
// against the ratio recorded there, and the hand-written sections that a rewrite keeps.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { loopLines } from './loop-pauses.mjs';

const DOC = join(new URL('../..', import.meta.url).pathname, 'docs/benchmarks.md');
/** A drop of the median c32 ratio to the null proxy beyond this fraction of the recorded one fails the run. */
const REGRESSION = 0.1;
/** Heads the table of recorded ratios by machine, which each run carries over (the gate reads it). */
const RECORDED_HEAD = 'Median throughput ratio to the null proxy at c32 recorded by machine (a run is gated on its own machine\'s):';

/**
 * The machine, as the gate tells machines apart: the CPU's name, and on Linux its family, model and
 * stepping. A virtual machine's name can be as short as "AMD EPYC", which covers processors whose caches
 * differ; the gateway's CPU time per request differed by a quarter between two of them while the null
 * proxy's did not (docs/benchmarks.md).
 */
function machineName() {
  const name = cpus()[0]?.model ?? 'unknown';
  let info = '';
  try {
    info = readFileSync('/proc/cpuinfo', 'utf8').split('\n\n')[0];
  } catch {
    return name;
  }
  const field = (key) => new RegExp(`^${key}\\s*:\\s*(\\S+)`, 'm').exec(info)?.[1];
  const [family, model, stepping] = [field('cpu family'), field('model'), field('stepping')];
  return family && model ? `${name} (family ${family}, model ${model}, stepping ${stepping ?? '?'})` : name;
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The same rounds against the gateway of another checkout (BENCH_BASELINE): what a change cost. */
function beforeAfter(s) {
  const b = s.baseline;
  // The baseline gateway runs with metrics and tracing off, so "after" is this build's gateway with both off.
  const a = Object.fromEntries(Object.entries(s.observability).map(([k, v]) => [k, v.off]));
  const signed = (n) => `${n > 0 ? '+' : ''}${n}`;
  return [
    `Before and after: the gateway built from \`${b.dir}\` ran in the same rounds, interleaved, on its own SQLite file,`,
    'with metrics and tracing off; "after" is the gateway of this build with both off.',
    '',
    '| measure | before | after | change |',
    '|---|---|---|---|',
    `| p50 latency at c1 (µs) | ${b.c1_p50_us} | ${a.c1_p50_us} | ${signed(a.c1_p50_us - b.c1_p50_us)} |`,
    `| p99 latency at c1 (µs) | ${b.c1_p99_us} | ${a.c1_p99_us} | ${signed(a.c1_p99_us - b.c1_p99_us)} |`,
    `| throughput at c32 (req/s) | ${Math.round(b.c32_rps)} | ${Math.round(a.c32_rps)} | ${signed(Math.round((100 * a.c32_rps) / b.c32_rps) - 100)}% |`,
    `| p99 latency at c32 (µs) | ${b.c32_p99_us} | ${a.c32_p99_us} | |`,
    `| CPU per request at c32 (µs) | ${Math.round(b.c32_cpu_us)} | ${Math.round(a.c32_cpu_us)} | ${signed(Math.round(a.c32_cpu_us - b.c32_cpu_us))} |`,
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
    `| CPU per request at c32 (µs) | ${Math.round(o.c32_cpu_us.off)} | ${Math.round(o.c32_cpu_us.on)} | ${Math.round(o.c32_cpu_us.on - o.c32_cpu_us.off)} |`,
    '',
    `Throughput on / off at c32, round by round: ${o.ratio_by_round.map((r) => `${r}%`).join(', ')} (median ${median(o.ratio_by_round)}%).`,
    '',
  ];
}

/**
 * The governed floor against the null proxy and the gateway: how much of the gap to the null proxy is the
 * ledger and observability that every relay request must carry, and how much is the gateway's own.
 */
function floorLines(s) {
  const f = s.floor;
  const l = f.ledger;
  const booked = l.balance_drop === l.charged && l.used_quota === l.charged && l.open === 0;
  return [
    'Governed floor (test/bench/governed-floor.mjs): node:http and undici as the null proxy, plus the gateway\'s own',
    'ledger (QuotaLedger and the SQLite store: reservation committed before the call, settlement with its usage row',
    'before the answer ends) and its metrics and tracing, both on; no framework, admission, routing or conversion.',
    'It ran in the same rounds, on a copy of a governed database.',
    '',
    '| measure | null proxy | governed floor | gateway |',
    '|---|---|---|---|',
    `| p50 latency at c1 (µs) | ${s.c1_p50_us.null} | ${f.c1_p50_us} | ${s.c1_p50_us.gateway} |`,
    `| throughput at c32 (req/s) | ${Math.round(s.c32_rps.null)} | ${Math.round(f.c32_rps)} (${median(f.ratio_by_round)}% of null proxy) | ${Math.round(s.c32_rps.gateway)} (${median(s.ratio_by_round)}%) |`,
    `| CPU per request at c32 (µs) | ${Math.round(s.c32_cpu_us.null)} | ${Math.round(f.c32_cpu_us)} | ${Math.round(s.c32_cpu_us.gateway)} |`,
    '',
    `Governed floor / null proxy at c32, round by round: ${f.ratio_by_round.map((r) => `${r}%`).join(', ')}; gateway / governed floor: ${f.gateway_by_round.map((r) => `${r}%`).join(', ')} (median ${median(f.gateway_by_round)}%).`,
    `The floor's ledger: balance drop ${l.balance_drop}, used_quota ${l.used_quota}, charges logged ${l.charged}, open reservations ${l.open}: ${booked ? 'consistent' : 'INCONSISTENT'}.`,
    '',
  ];
}

/** Concurrent streams, short and long answers: the peak memory and what each stream cost. */
function concurrencyLines(c, { fdLimit, fdCap }) {
  const short = c['slow-1s'];
  const long = c['slow-1s-long'];
  const limited =
    short.n < 10_000 && short.n === fdCap
      ? ` (${short.n}, not 10,000: each stream holds two sockets in the gateway and this machine's open-file limit is ${fdLimit})`
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

/**
 * The median c32 ratios docs/benchmarks.md records, by machine (machineName): the table the report carries
 * from run to run, or, in a doc written before it, the one run's ratio under its Machine line.
 */
function recordedRatios(doc) {
  const byMachine = new Map();
  const head = doc.indexOf(RECORDED_HEAD);
  if (head >= 0) {
    const table = doc.slice(head).split(KEPT_MARK)[0];
    for (const m of table.matchAll(/^\| (.+?) \| (\d+)% \| (\S+) \|$/gm))
      byMachine.set(m[1], { ratio: Number(m[2]), date: m[3] });
  } else {
    const machine = /^Machine: \d+ cores, (.+?), Node /m.exec(doc)?.[1];
    const ratio = /Throughput ratio gateway \/ null proxy at c32, round by round: .*\(median (\d+)%\)/.exec(doc)?.[1];
    const date = /Produced by .* on (\S+)\./.exec(doc)?.[1] ?? '';
    if (machine && ratio) byMachine.set(machine, { ratio: Number(ratio), date });
  }
  return byMachine;
}

/**
 * The regression gate. The ratio to the null proxy depends on the machine as well as on the code (the
 * same build gave 34% on one CPU and 23% on another), so a run is held to its own machine's recorded
 * figure (machineName). On a machine with none, a baseline run in the same rounds decides (this build's
 * gateway against it, both with observability off); without one the figure is recorded as the first
 * for that machine. Returns the failure to print, or null.
 */
function regression(s, now, recorded, machine) {
  const mine = recorded.get(machine);
  if (mine && now < mine.ratio * (1 - REGRESSION))
    return `median throughput ratio to the null proxy ${now}% is more than ${100 * REGRESSION}% below the ${mine.ratio}% recorded for this machine (${machine}) in docs/benchmarks.md`;
  const vsBaseline = s.baseline && median(s.baseline.ratio_by_round);
  if (!mine && vsBaseline && vsBaseline < 100 * (1 - REGRESSION))
    return `no figure is recorded for this machine (${machine}), and the throughput against the baseline's in the same rounds is ${vsBaseline}% (median)`;
  return null;
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

export function report(s, run) {
  const added = (a, b) => Math.round(a - b);
  const cpu = machineName();
  const today = new Date().toISOString().slice(0, 10);
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
    `Produced by \`npm run bench\` (test/bench/run.mjs) on ${today}.`,
    `Machine: ${cpus().length} cores, ${cpu}, Node ${process.version}, ${wrkVersion}. Gateway, governed floor and null proxy pinned to core 1`,
    '(`taskset -c 1`; while one of them is measured, the others on core 1 are stopped), mock upstream and load',
    'generators to core 0. Gateway in governed mode: real API key, quota',
    'reservation and settlement, usage log per request, SQLite. Medians of ' +
      run.rounds +
      ` interleaved rounds of ${run.duration} each.`,
    `Body ~150 bytes in, ~1.4 KB out with a \`usage\` object. Load average when the run started: ${s.load_at_start}`,
    '(other builds and test runs may share the machine: disturbed rounds show as outliers in the raw data).',
    '',
    '| measure | direct to mock | null proxy | gateway | gateway − direct | gateway − null proxy | goal |',
    '|---|---|---|---|---|---|---|',
    `| p50 latency at c1 (µs) | ${s.c1_p50_us.direct} | ${s.c1_p50_us.null} | ${s.c1_p50_us.gateway} | ${added(s.c1_p50_us.gateway, s.c1_p50_us.direct)} | ${added(s.c1_p50_us.gateway, s.c1_p50_us.null)} | ≤ 200 added |`,
    `| p99 latency at c1 (µs) | ${s.c1_p99_us.direct} | ${s.c1_p99_us.null} | ${s.c1_p99_us.gateway} | ${added(s.c1_p99_us.gateway, s.c1_p99_us.direct)} | ${added(s.c1_p99_us.gateway, s.c1_p99_us.null)} | |`,
    `| throughput at c32 (req/s) | ${Math.round(s.c32_rps.direct)} | ${Math.round(s.c32_rps.null)} | ${Math.round(s.c32_rps.gateway)} | | ${Math.round((100 * s.c32_rps.gateway) / s.c32_rps.null)}% of null proxy | ≥ 60% of null proxy |`,
    `| p99 latency at c32 (µs) | ${s.c32_p99_us.direct} | ${s.c32_p99_us.null} | ${s.c32_p99_us.gateway} | | | |`,
    `| CPU per request at c32 (µs) | | ${Math.round(s.c32_cpu_us.null)} | ${Math.round(s.c32_cpu_us.gateway)} | | ${Math.round(s.c32_cpu_us.gateway - s.c32_cpu_us.null)} | |`,
    `| stream time to first token (ms) | ${s.ttft_ms.direct.toFixed(2)} | ${s.ttft_ms.null.toFixed(2)} | ${s.ttft_ms.gateway.toFixed(2)} | ${(s.ttft_ms.gateway - s.ttft_ms.direct).toFixed(2)} | ${(s.ttft_ms.gateway - s.ttft_ms.null).toFixed(2)} | ≤ 1 added |`,
    `| stream gap between chunks (ms) | ${s.gap_ms.direct.toFixed(2)} | ${s.gap_ms.null.toFixed(2)} | ${s.gap_ms.gateway.toFixed(2)} | ${(s.gap_ms.gateway - s.gap_ms.direct).toFixed(2)} | ${(s.gap_ms.gateway - s.gap_ms.null).toFixed(2)} | each event flushed at once |`,
    '',
    `Throughput ratio gateway / null proxy at c32, round by round: ${s.ratio_by_round.map((r) => `${r}%`).join(', ')} (median ${median(s.ratio_by_round)}%).`,
    '',
    `CPU per request, null proxy / gateway at c32, round by round: ${s.cpu_ratio_by_round.map((r) => `${r}%`).join(', ')} (median ${median(s.cpu_ratio_by_round)}%).`,
    'This is the throughput ratio the two would reach with a core each to themselves: time in which the core ran',
    'something else (another guest, a load generator) counts in the wall clock of a round, not in the CPU time.',
    '',
    ...observabilityCost(s),
    ...loopLines(s.loop, median),
    ...floorLines(s),
    ...(s.baseline ? beforeAfter(s) : []),
    `Streams: ${s.streams_ok}/${s.streams_n} sequential streams complete through the gateway (mock: role chunk, 20 content chunks every 5 ms, usage chunk, [DONE]).`,
    '',
    ...concurrencyLines(s.concurrency, run),
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
  const recorded = recordedRatios(doc);
  const now = median(s.ratio_by_round);
  const failure = regression(s, now, recorded, cpu);
  if (failure && process.env.BENCH_ACCEPT !== '1') {
    console.error(`\n✗ REGRESSION: ${failure} (docs/benchmarks.md left unchanged).`);
    process.exitCode = 1;
    return;
  }
  const before = recorded.get(cpu);
  recorded.set(cpu, { ratio: now, date: today });
  const table = [...recorded].map(([machine, r]) => `| ${machine} | ${r.ratio}% | ${r.date} |`);
  const recordedLines = [RECORDED_HEAD, '', '| machine | median ratio | recorded |', '|---|---|---|', ...table, ''];
  const kept = keptSections(doc);
  writeFileSync(DOC, `${text}\n${recordedLines.join('\n')}\n${KEPT_MARK}\n${kept ? `\n${kept}\n` : ''}`);
  console.log(
    `\nmedian ratio ${now}% (recorded before for this machine: ${before ? `${before.ratio}%` : 'none'}): docs/benchmarks.md written`,
  );
}
