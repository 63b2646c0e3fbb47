import { OutputMeter } from './output-meter';
import type { TokenCounter } from './tokenizer-pool';

/** A tokenizer stand-in counting one token per character, recording what it was handed. */
function counter(fail = false): TokenCounter & { handed: number[] } {
  const handed: number[] = [];
  return {
    handed,
    count: (_model, texts) => {
      handed.push(texts.join('').length);
      return fail ? Promise.reject(new Error('worker gone')) : Promise.resolve(texts.join('').length);
    },
  };
}

const KB16 = 16 * 1024;
const piece = 'x'.repeat(1024);

describe('OutputMeter', () => {
  it.each([
    // chars streamed, blocks handed to the tokenizer while streaming (before total())
    [0, 0],
    [KB16 - 1, 0],
    [3 * KB16 - 1, 0],
    [3 * KB16, 1],
    [10 * KB16, 8],
  ])('streaming %i characters hands %i block(s) to the tokenizer as they pass', (chars, blocks) => {
    const c = counter();
    const meter = new OutputMeter(c, 'gpt-4o');
    for (let n = 0; n < chars; n += 1024) meter.add(piece.slice(0, Math.min(1024, chars - n)));
    expect(c.handed).toHaveLength(blocks);
  });

  it('counts everything once asked, held blocks and the partial one included', async () => {
    const c = counter();
    const meter = new OutputMeter(c, 'gpt-4o');
    const chars = 82_000; // five full blocks and a partial one
    for (let n = 0; n < chars; n += 100) meter.add('y'.repeat(100));
    expect(c.handed).toHaveLength(3);
    expect(await meter.total()).toBe(chars);
    expect(c.handed.reduce((a, b) => a + b, 0)).toBe(chars);
  });

  it('bills a block as UTF-8 bytes / 3 when the tokenizer fails', async () => {
    const meter = new OutputMeter(counter(true), 'gpt-4o');
    meter.add('z'.repeat(300));
    expect(await meter.total()).toBe(100);
  });

  it('keeps the beginning of the output for the log', () => {
    const meter = new OutputMeter(counter(), 'gpt-4o', 5);
    meter.add('abc');
    meter.add('defgh');
    expect(meter.text).toBe('abcde');
  });
});
