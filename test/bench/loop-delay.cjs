// Preloaded into a gateway by a bench (NODE_OPTIONS=--require …, LOOP_DELAY_FILE=…): the gateway's own
// event-loop delay at 1 ms resolution, which is how long synchronous work held every request. On SIGUSR2
// it writes {maxMs, p99Ms} since the last one to LOOP_DELAY_FILE (whole: written aside, then renamed) and
// starts again. Measured inside the gateway, so unlike a probe's round trips it does not include the probe
// process's own pauses.
const { isMainThread } = require('node:worker_threads');

if (isMainThread && process.env.LOOP_DELAY_FILE) {
  const { renameSync, writeFileSync } = require('node:fs');
  const { monitorEventLoopDelay } = require('node:perf_hooks');
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  process.on('SIGUSR2', () => {
    const ms = (ns) => Math.round(ns / 1e4) / 100;
    const stats = { maxMs: ms(delay.max), p99Ms: ms(delay.percentile(99)) };
    delay.reset();
    writeFileSync(`${process.env.LOOP_DELAY_FILE}.part`, JSON.stringify(stats));
    renameSync(`${process.env.LOOP_DELAY_FILE}.part`, process.env.LOOP_DELAY_FILE);
  });
}
