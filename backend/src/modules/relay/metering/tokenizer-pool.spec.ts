import { OutputMeter } from './output-meter';
import { TokenizerPool } from './tokenizer-pool';

/**
 * A stand-in tokenizer worker: counts characters; the text "crash" throws outside any handler,
 * "exit" ends the thread, "hang" never answers.
 */
const FAKE_WORKER = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', (job) => {
  const text = job.texts.join('');
  if (text === 'crash') setImmediate(() => { throw new Error('tokenizer blew up'); });
  else if (text === 'exit') process.exit(3);
  else if (text !== 'hang') parentPort.postMessage({ id: job.id, count: text.length });
});
`;

function pool(script: string | URL = FAKE_WORKER, eval_ = true) {
  const reports: string[] = [];
  const p = new TokenizerPool(script, {
    idleMs: 60_000,
    report: (m) => reports.push(m),
    workerOptions: { eval: eval_ },
  });
  return { p, reports };
}

describe('TokenizerPool', () => {
  let current: TokenizerPool | undefined;
  afterEach(() => current?.close());

  it('counts through the worker', async () => {
    const { p } = pool();
    current = p;
    await expect(p.count('gpt-4o', ['abc', '', 'de'])).resolves.toBe(5);
    await expect(p.count('gpt-4o', [])).resolves.toBe(0);
  });

  it('a worker that throws rejects what it held, is reported, and a new worker serves the next count', async () => {
    const { p, reports } = pool();
    current = p;
    const held = p.count('gpt-4o', ['hang']);
    const crashing = p.count('gpt-4o', ['crash']);
    await expect(crashing).rejects.toThrow('tokenizer blew up');
    await expect(held).rejects.toThrow('tokenizer blew up');
    expect(reports.join('\n')).toMatch(/tokenizer worker failed: tokenizer blew up; 2 count\(s\) failed/);
    expect(p.waiting).toBe(0);
    await expect(p.count('gpt-4o', ['again'])).resolves.toBe(5);
  });

  it('a worker that exits rejects what it held with the exit code and is replaced', async () => {
    const { p } = pool();
    current = p;
    await expect(p.count('gpt-4o', ['exit'])).rejects.toThrow('tokenizer worker exited with 3');
    await expect(p.count('gpt-4o', ['fine'])).resolves.toBe(4);
  });

  it('a worker that cannot start rejects the count instead of crashing', async () => {
    const { p } = pool('/nonexistent/tokenizer.worker.js', false);
    current = p;
    await expect(p.count('gpt-4o', ['x'])).rejects.toThrow(/tokenizer worker (failed|exited)/);
    await expect(p.count('gpt-4o', ['y'])).rejects.toThrow(/tokenizer worker (failed|exited)/);
  });

  it('closing an idle worker does not fail counts already sent to its successor', async () => {
    const { p } = pool();
    current = p;
    await p.count('gpt-4o', ['warm']);
    const closing = p.close();
    await expect(p.count('gpt-4o', ['next'])).resolves.toBe(4);
    await closing;
  });
});

describe('OutputMeter on a failing tokenizer', () => {
  it('bills the delivered bytes / 3 and never leaves a rejection unhandled', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const failing = { count: () => Promise.reject(new Error('worker gone')) };
      const meter = new OutputMeter(failing, 'gpt-4o');
      meter.add('é'.repeat(20 * 1024)); // one oversized chunk: 40 KiB of UTF-8
      await new Promise((r) => setTimeout(r, 20));
      meter.add('abc');
      await expect(meter.total()).resolves.toBe(Math.ceil((40 * 1024 + 3) / 3));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
