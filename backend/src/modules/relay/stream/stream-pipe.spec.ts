import type { ServerResponse } from 'node:http';
import type { StreamConverter } from '../../../providers/provider';
import { OutputMeter } from '../metering/output-meter';
import { pipeStream, type StreamResult } from './stream-pipe';

/** What reached the client, and when (before or after the response was booked). */
function fakeClient() {
  const writes: string[] = [];
  let ended = false;
  const raw = {
    write: (s: string) => (writes.push(s), true),
    end: (s?: string) => {
      if (s) writes.push(s);
      ended = true;
    },
    destroy: () => undefined,
    destroyed: false,
    writableEnded: false,
    writableNeedDrain: false,
  } as unknown as ServerResponse;
  return { raw, writes, isEnded: () => ended };
}

/** An OpenAI-format pass-through converter: usage is read from the chunk that carries it. */
const passThrough: StreamConverter = {
  onEvent(ev) {
    if (ev.data === null) return { out: null };
    if (ev.data === '[DONE]') return { out: `${ev.raw}\n\n` };
    const json = JSON.parse(ev.data) as {
      usage?: { prompt_tokens: number; completion_tokens: number };
      text?: string;
      fail?: string;
    };
    if (json.fail) return { out: null, error: { type: json.fail, message: 'upstream said no', code: null } };
    return {
      out: `${ev.raw}\n\n`,
      text: json.text,
      usage: json.usage
        ? { promptTokens: json.usage.prompt_tokens, completionTokens: json.usage.completion_tokens }
        : undefined,
    };
  },
  finish: () => null,
};

/** Blocks the pipe took from the upstream (reading stops once the upstream reported an error). */
let read = 0;

async function* upstream(blocks: string[], breakAtEnd = false): AsyncIterable<Buffer> {
  read = 0;
  for (const b of blocks) {
    read++;
    yield Buffer.from(b);
  }
  if (breakAtEnd) throw Object.assign(new Error('reset'), { code: 'ECONNRESET' });
}

function run(blocks: string[], opts: { breakAtEnd?: boolean; screen?: (text: string) => boolean } = {}) {
  const client = fakeClient();
  const booked: { result: StreamResult; writesBefore: number; endedBefore: boolean }[] = [];
  const meter = new OutputMeter({ count: async (_m, t) => t.join('').length }, 'm');
  const done = pipeStream({
    body: upstream(blocks, opts.breakAtEnd),
    raw: client.raw,
    open: () => undefined,
    converter: passThrough,
    screen: opts.screen,
    meter,
    signal: new AbortController().signal,
    startedAt: performance.now(),
    clientGone: () => false,
    errorEvent: (r) => `data: {"error":"${r.upstreamError?.type ?? r.cut ?? 'cut'}"}\n\n`,
    settle: async (result) => {
      booked.push({ result, writesBefore: client.writes.join('').length, endedBefore: client.isEnded() });
    },
  });
  return { client, booked, done };
}

const content = (t: string) => `data: {"text":"${t}"}\n\n`;
const usage = 'data: {"usage":{"prompt_tokens":3,"completion_tokens":2}}\n\n';
const DONE = 'data: [DONE]\n\n';

describe('pipeStream: a stream is booked before its last bytes', () => {
  it('writes content at once and the usage chunk, [DONE] and the end only after settle', async () => {
    const { client, booked, done } = run([content('a'), content('b'), usage, DONE]);
    const result = await done;
    expect(result.end).toBe('complete');
    expect(booked).toHaveLength(1);
    expect(booked[0].result.usage).toEqual({ promptTokens: 3, completionTokens: 2 });
    // Before booking the client had the content only, and the response was not ended.
    expect(booked[0].writesBefore).toBe((content('a') + content('b')).length);
    expect(booked[0].endedBefore).toBe(false);
    expect(client.writes.join('')).toBe(content('a') + content('b') + usage + DONE);
    expect(client.isEnded()).toBe(true);
  });

  it('lets a usage chunk followed by more content through in order', async () => {
    const { client, done } = run([usage, content('late'), DONE]);
    await done;
    expect(client.writes.join('')).toBe(usage + content('late') + DONE);
  });

  it('books a stream broken after it opened, then sends the terminating error event', async () => {
    const { client, booked, done } = run([content('a')], { breakAtEnd: true });
    const result = await done;
    expect(result.end).toBe('interrupted');
    expect(booked).toHaveLength(1);
    expect(client.writes.at(-1)).toBe('data: {"error":"cut"}\n\n');
  });

  it('an error the upstream reported ends the stream: content before it, then the error event with its type', async () => {
    const fail = 'data: {"fail":"overloaded_error"}\n\n';
    const { client, booked, done } = run([content('a') + fail + content('never'), content('later'), DONE]);
    const result = await done;
    expect(result).toMatchObject({ end: 'interrupted', opened: true, upstreamError: { type: 'overloaded_error' } });
    expect(booked).toHaveLength(1);
    expect(booked[0].writesBefore).toBe(content('a').length);
    expect(client.writes.join('')).toBe(content('a') + 'data: {"error":"overloaded_error"}\n\n');
    expect(read).toBe(1);
  });

  it('a screened word cuts the stream before its event: what went before is booked, then the error event', async () => {
    const { client, booked, done } = run([content('fine') + content('evil'), content('more'), DONE], {
      screen: (t) => t.includes('evil'),
    });
    const result = await done;
    expect(result).toMatchObject({ end: 'interrupted', opened: true, cut: 'sensitive_words_detected' });
    expect(booked).toHaveLength(1);
    expect(client.writes.join('')).toBe(content('fine') + 'data: {"error":"sensitive_words_detected"}\n\n');
    expect(read).toBe(1);
  });

  it('an upstream error before anything reached the client is not booked (it may be retried)', async () => {
    const { client, booked, done } = run([usage + 'data: {"fail":"server_error"}\n\n', content('x')]);
    const result = await done;
    expect(result).toMatchObject({ end: 'interrupted', opened: false, upstreamError: { type: 'server_error' } });
    expect(booked).toHaveLength(0);
    expect(client.writes).toEqual([]);
  });

  it('does not book a stream that broke before anything reached the client (it may be retried)', async () => {
    const { booked, done } = run([usage], { breakAtEnd: true });
    const result = await done;
    expect(result).toMatchObject({ end: 'interrupted', opened: false });
    expect(booked).toHaveLength(0);
  });
});

describe('pipeStream: StreamCacheQueueLength', () => {
  /** A client whose socket never drains: every write is queued behind the previous ones. */
  function stuckClient() {
    const writes: string[] = [];
    const raw = {
      write: (s: string) => (writes.push(s), false),
      end: (s?: string) => s && writes.push(s),
      on: () => raw,
      off: () => raw,
      destroy: () => undefined,
      destroyed: false,
      writableEnded: false,
      writableNeedDrain: true,
    } as unknown as ServerResponse;
    return { raw, writes };
  }

  it('keeps reading while the client is stuck and cuts once more than the limit wait', async () => {
    const client = stuckClient();
    const booked: StreamResult[] = [];
    const result = await pipeStream({
      body: upstream(['a', 'b', 'c', 'd', 'e'].map(content)),
      raw: client.raw,
      open: () => undefined,
      converter: passThrough,
      meter: new OutputMeter({ count: async (_m, t) => t.join('').length }, 'm'),
      signal: new AbortController().signal,
      startedAt: performance.now(),
      clientGone: () => false,
      errorEvent: (r) => `data: {"error":"${r.cut}"}\n\n`,
      queueLimit: 2,
      settle: async (r) => void booked.push(r),
    });
    expect(result).toMatchObject({ end: 'interrupted', opened: true, cut: 'stream_queue_overflow' });
    expect(booked).toHaveLength(1);
    // Three events queued (more than 2): the upstream is not read further.
    expect(read).toBe(3);
    expect(client.writes).toEqual([
      content('a'),
      content('b'),
      content('c'),
      'data: {"error":"stream_queue_overflow"}\n\n',
    ]);
  });
});
