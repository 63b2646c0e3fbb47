import { Tiktoken } from 'js-tiktoken/lite';
import { OutputMeter } from './output-meter';
import { countTokens } from './token-count';
import type { TokenCounter } from './tokenizer-pool';

/** A tokenizer stand-in counting one token per character, recording what it was handed. */
function counter(fail = false): TokenCounter & { handed: string[][] } {
  const handed: string[][] = [];
  return {
    handed,
    count: (_model, texts) => {
      handed.push([...texts]);
      return fail ? Promise.reject(new Error('worker gone')) : Promise.resolve(texts.join('').length);
    },
  };
}

/** Streams `chars` characters in chunks of `size`. */
function stream(meter: OutputMeter, chars: number, size = 7, char = 'x') {
  for (let n = 0; n < chars; n += size) meter.add(char.repeat(Math.min(size, chars - n)));
}

describe('OutputMeter', () => {
  it.each([0, 100, 8_000, 8_190])('counts %i characters exactly, as one text, only when asked', async (chars) => {
    const c = counter();
    const meter = new OutputMeter(c, 'gpt-4o');
    stream(meter, chars);
    expect(c.handed).toEqual([]);
    expect(await meter.total()).toBe(chars);
    expect(c.handed).toHaveLength(1);
    expect(c.handed[0]).toHaveLength(1);
  });

  it.each([
    // characters streamed, chunk size
    [10_000, 7],
    [100_000, 3],
    [1_000_000, 40],
    [1_000_000, 100_000], // oversized chunks are cut into blocks too
  ])(
    'holds at most 32 blocks of %i characters streamed (chunks of %i), and hands nothing over while streaming',
    (chars, size) => {
      const c = counter();
      const meter = new OutputMeter(c, 'gpt-4o');
      let most = 0;
      for (let n = 0; n < chars; n += size) {
        meter.add('y'.repeat(Math.min(size, chars - n)));
        most = Math.max(most, meter.heldChars);
      }
      // 32 held blocks and the open one; a block closes at the chunk that fills it, a larger one is cut.
      const block = Math.min(256 + size, 512);
      expect(most).toBeLessThanOrEqual(33 * block);
      expect(c.handed).toEqual([]);
    },
  );

  it('scales the sample to every byte delivered: uniform text is counted exactly at any length', async () => {
    const meter = new OutputMeter(counter(), 'gpt-4o');
    stream(meter, 123_457, 5);
    expect(await meter.total()).toBe(123_457);
  });

  it('samples evenly: a long answer whose second half is denser is still estimated within 4%', async () => {
    // One token per character stand-in, but "é" costs two UTF-8 bytes: an answer half ASCII, half "é".
    const meter = new OutputMeter(counter(), 'gpt-4o');
    stream(meter, 50_000, 9, 'a');
    stream(meter, 50_000, 9, 'é');
    const total = await meter.total();
    expect(Math.abs(total - 100_000) / 100_000).toBeLessThan(0.04);
  });

  it('estimates a long real answer within 3% of the full count by the tokenizer (o200k)', async () => {
    // Subpath exports: require, as the tokenizer worker loads them (CommonJS: the ranks or `default`).
    type Ranks = ConstructorParameters<typeof Tiktoken>[0];
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const ranks = require('js-tiktoken/ranks/o200k_base') as Ranks & { default?: Ranks };
    const encoder = new Tiktoken(ranks.default ?? ranks);
    const real: TokenCounter = { count: (_m, texts) => Promise.resolve(countTokens(encoder, texts)) };
    const answer = longAnswer(60_000);
    const meter = new OutputMeter(real, 'gpt-4o');
    for (const token of encoder.encode(answer)) meter.add(encoder.decode([token])); // token-sized chunks
    const exact = countTokens(encoder, [answer]);
    expect(Math.abs((await meter.total()) - exact) / exact).toBeLessThan(0.03);
  });

  it('bills the delivered UTF-8 bytes / 3 when the tokenizer fails, short or long', async () => {
    const short = new OutputMeter(counter(true), 'gpt-4o');
    short.add('z'.repeat(300));
    expect(await short.total()).toBe(100);
    const long = new OutputMeter(counter(true), 'gpt-4o');
    stream(long, 90_000, 10, 'é'); // 180,000 bytes
    expect(await long.total()).toBeCloseTo(60_000, -2);
  });

  it('keeps the beginning of the output for the log', () => {
    const meter = new OutputMeter(counter(), 'gpt-4o', 5);
    meter.add('abc');
    meter.add('defgh');
    expect(meter.text).toBe('abcde');
  });
});

/** A long answer mixing prose, code, a table and Chinese, paragraphs in a fixed pseudo-random order. */
function longAnswer(chars: number): string {
  const paragraphs = [
    'Keep-alive connections let a client send many requests over one TCP connection, so the handshake and slow start are paid once. ',
    'function settle(reservation, usage) {\n  const charge = Math.ceil(usage.total * ratio);\n  return ledger.apply(reservation.id, charge);\n}\n',
    '| model | input | output |\n|---|---|---|\n| gpt-4o-mini | 0.15 | 0.60 |\n| claude-3-5-haiku | 0.80 | 4.00 |\n',
    '网关把每一次额度变动都写成一条持久的记录，余额始终等于入账减去扣费。签到、兑换和充值都走同一本账。',
    'In short: measure first, then remove the work that does not need to happen while the client waits. ',
    'SELECT user_id, SUM(quota) AS charged FROM logs WHERE type = 2 GROUP BY user_id ORDER BY charged DESC;\n',
  ];
  let seed = 7;
  let text = '';
  while (text.length < chars) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    text += paragraphs[seed % paragraphs.length];
  }
  return text;
}
