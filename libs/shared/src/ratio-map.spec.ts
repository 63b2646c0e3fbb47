import { badRatioEntry, isRatioValue } from './ratio-map';

describe('price and ratio maps', () => {
  it.each([0, 1, 0.5, 1e6])('%s is a ratio', (v) => expect(isRatioValue(v)).toBe(true));
  it.each([-1, -0.0001, NaN, Infinity, -Infinity, '1', null, undefined, {}])('%j is not', (v) =>
    expect(isRatioValue(v)).toBe(false),
  );

  it('names the first bad entry', () => {
    expect(badRatioEntry({ a: 1, b: -1, c: 'x' })).toEqual({ entry: 'b', problem: 'value' });
    expect(badRatioEntry({ a: 1, '': 1 })).toEqual({ entry: '', problem: 'key' });
    expect(badRatioEntry({ ' a': 1 })).toEqual({ entry: ' a', problem: 'key' });
    expect(badRatioEntry({ 'a\nb': 1 })).toEqual({ entry: 'a\nb', problem: 'key' });
    expect(badRatioEntry({ [`g${'x'.repeat(64)}`]: 1 }, 64)).toEqual({ entry: `g${'x'.repeat(63)}`, problem: 'key' });
    expect(badRatioEntry({ 'gpt-4o': 1.25, 'claude-3': 0 })).toBeNull();
  });
});
